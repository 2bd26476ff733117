// The H5 build's map of each route to its page's chunks (config/route-preloads.ts): a real webpack
// production build of a small app shaped like Taro's H5 entry, whose import()s load the pages.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import MiniCssExtractPlugin from 'mini-css-extract-plugin'
import webpack from 'webpack'
import { ROUTE_PRELOADS_FILE, RoutePreloadsPlugin, type RoutePreloads } from '../../../config/route-preloads'
import { ROUTE_PRELOADS_FILE as SERVED_FILE } from '../../../server/http/route-preloads'

let dir: string
let entry: string

const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
  fs.writeFileSync(path.join(dir, file), text)
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-route-preloads-'))
  entry = path.join(dir, 'src', 'app.js')
  // Two pages sharing a module, one with its own stylesheet; a dialog the login page loads later;
  // an import() of the entry's that is not a page.
  write(
    'src/app.js',
    `globalThis.pages = [() => import('./pages/login/index'), () => import('./workorders/pages/my/index')]
globalThis.later = () => import('./later')
`,
  )
  write('src/shared.js', `export const shared = (x) => 'shared ' + x\n`)
  write(
    'src/pages/login/index.js',
    `import './index.css'
import { shared } from '../../shared'
export default shared('login')
export const dialog = () => import('./dialog')
`,
  )
  write('src/pages/login/index.css', `.login { color: #1d5fd0 }\n`)
  write('src/pages/login/dialog.js', `export default 'dialog'\n`)
  write(
    'src/workorders/pages/my/index.js',
    `import { shared } from '../../../shared'\nexport default shared('work orders')\n`,
  )
  write('src/later.js', `export default 'later'\n`)
})

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

function build(routes: Record<string, string[]>): Promise<webpack.Stats> {
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: { app: './src/app.js' },
    output: {
      path: path.join(dir, 'dist'),
      publicPath: '/',
      filename: 'js/[name].[contenthash:8].js',
      chunkFilename: 'js/[name].[contenthash:8].js',
      clean: true,
    },
    module: {
      rules: [{ test: /\.css$/, use: [MiniCssExtractPlugin.loader, require.resolve('css-loader')] }],
    },
    // As in the H5 build, a module two pages share is a chunk of its own.
    optimization: { splitChunks: { chunks: 'all', minSize: 0, cacheGroups: { common: { minChunks: 2 } } } },
    plugins: [
      new MiniCssExtractPlugin({ chunkFilename: 'css/[name].[contenthash:8].css' }),
      new RoutePreloadsPlugin({ entry, routes }),
    ],
  })
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => {})
      if (error || !stats) return reject(error)
      resolve(stats)
    }),
  )
}

const readPreloads = (): RoutePreloads =>
  JSON.parse(fs.readFileSync(path.join(dir, 'dist', ROUTE_PRELOADS_FILE), 'utf8'))

/** The files one page's chunk group loads, from the build's own stats. */
function pageFiles(stats: webpack.Stats, request: string): string[] {
  const { chunks = [] } = stats.toJson({ all: false, chunks: true, chunkOrigins: true })
  return chunks
    .filter((chunk) => chunk.origins?.some((origin) => origin.request === request))
    .flatMap((chunk) => chunk.files ?? [])
    .map((file) => `/${file}`)
}

const ROUTES = { 'pages/login/index': ['/login'], 'workorders/pages/my/index': ['/myWorkOrder', '/'] }

describe('RoutePreloadsPlugin', () => {
  it('maps every URL of a route to the scripts and stylesheet its page loads, by their final names', async () => {
    const stats = await build(ROUTES)
    expect(stats.toString('errors-only')).toBe('')
    const preloads = readPreloads()
    expect(Object.keys(preloads).sort()).toEqual(['/', '/login', '/myWorkOrder'])

    const login = preloads['/login']
    expect([...login].sort()).toEqual(pageFiles(stats, './pages/login/index').sort())
    // The page's own chunk, the chunk it shares with the other page, and its stylesheet.
    expect(login.filter((file) => file.endsWith('.js'))).toHaveLength(2)
    expect(login.filter((file) => file.endsWith('.css'))).toHaveLength(1)
    expect(preloads['/']).toEqual(preloads['/myWorkOrder'])
    const shared = login.filter((file) => preloads['/myWorkOrder'].includes(file))
    expect(shared).toHaveLength(1)

    for (const file of Object.values(preloads).flat()) {
      expect(file).toMatch(/^\/(js|css)\/[\w-]+\.[0-9a-f]{8}\.(js|css)$/)
      expect(fs.existsSync(path.join(dir, 'dist', file))).toBe(true)
    }
    // Neither the entry's own files nor what a page loads later.
    const all = Object.values(preloads).flat()
    expect(all.some((file) => path.basename(file).startsWith('app.'))).toBe(false)
    const later = [...pageFiles(stats, './dialog'), ...pageFiles(stats, './later')]
    expect(later).toHaveLength(2)
    for (const file of later) expect(all).not.toContain(file)
  })

  it('fails the build when a route names a page no chunk loads', async () => {
    const stats = await build({ ...ROUTES, 'pages/missing/index': ['/missing'] })
    expect(stats.hasErrors()).toBe(true)
    expect(stats.toString('errors-only')).toContain('no chunk loads pages/missing/index')
  })

  it('writes the file the server reads', () => {
    expect(ROUTE_PRELOADS_FILE).toBe(SERVED_FILE)
  })
})
