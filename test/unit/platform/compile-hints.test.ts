// The H5 build's compile hint (config/compile-hints.ts): a real webpack production build of a small
// app with the plugins the H5 build uses after it (the minifier before, the brotli copies after).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import vm from 'node:vm'
import zlib from 'node:zlib'
import CompressionPlugin from 'compression-webpack-plugin'
import webpack from 'webpack'
import { COMPILE_HINT, CompileHintsPlugin } from '../../../config/compile-hints'

let dir: string

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-compile-hints-'))
  fs.mkdirSync(path.join(dir, 'src'))
  // A comment the minifier drops, a licence it moves to a file, a lazy chunk, and a result to check.
  fs.writeFileSync(
    path.join(dir, 'src', 'main.js'),
    `/* a comment the minifier drops */
export function greet(name) { return '你好，' + name }
/*! @license a licence the minifier moves to a file of its own */
globalThis.greeting = greet('会员')
globalThis.later = () => import('./later.js')
`,
  )
  fs.writeFileSync(path.join(dir, 'src', 'later.js'), `export const later = 'later'\n`)
})

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

function build(plugins: webpack.WebpackPluginInstance[]): Promise<webpack.Stats> {
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: { app: './src/main.js' },
    devtool: 'source-map',
    output: {
      path: path.join(dir, 'dist'),
      publicPath: '/',
      filename: '[name].[contenthash:8].js',
      clean: true,
    },
    plugins,
  })
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => {})
      if (error || !stats) return reject(error)
      if (stats.hasErrors()) return reject(new Error(stats.toString('errors-only')))
      resolve(stats)
    }),
  )
}

const outputs = (ext: string) =>
  fs
    .readdirSync(path.join(dir, 'dist'))
    .filter((file) => file.endsWith(ext))
    .map((file) => path.join(dir, 'dist', file))

describe('CompileHintsPlugin', () => {
  it('opens every script, entry and lazy chunk, with the hint, after minification', async () => {
    await build([
      new CompileHintsPlugin(),
      new CompressionPlugin({ algorithm: 'brotliCompress', threshold: 0, minRatio: 1 }),
    ])
    const scripts = outputs('.js')
    expect(scripts).toHaveLength(2)
    for (const file of scripts) {
      const text = fs.readFileSync(file, 'utf8')
      expect(text.startsWith(COMPILE_HINT)).toBe(true)
      expect(text).not.toContain('a comment the minifier drops')
      // The comment is the file's only line break ahead of the minified code.
      expect(text.slice(COMPILE_HINT.length)).not.toMatch(/^\s*\/\//)
      // The compressed copy the server sends is made from the hinted file.
      expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString('utf8')).toBe(text)
    }
  })

  it('keeps the source map on the right lines and the code working', async () => {
    await build([new CompileHintsPlugin()])
    const [entry] = outputs('.js').filter((file) => path.basename(file).startsWith('app.'))
    const map = JSON.parse(fs.readFileSync(`${entry}.map`, 'utf8'))
    // The hint's line maps to nothing; the code's mappings start on the second line.
    expect(map.mappings.startsWith(';')).toBe(true)
    expect(map.mappings.slice(1)).not.toBe('')
    const sandbox: { greeting?: string; self?: object } = {}
    sandbox.self = sandbox
    vm.runInNewContext(fs.readFileSync(entry, 'utf8'), sandbox)
    expect(sandbox.greeting).toBe('你好，会员')
  })

  it('leaves the files beside the scripts alone', async () => {
    await build([new CompileHintsPlugin()])
    const [licence] = outputs('.LICENSE.txt')
    expect(fs.readFileSync(licence, 'utf8')).toContain('a licence the minifier moves')
    expect(fs.readFileSync(licence, 'utf8').startsWith(COMPILE_HINT)).toBe(false)
    for (const map of outputs('.js.map')) expect(fs.readFileSync(map, 'utf8').startsWith('{')).toBe(true)
  })
})
