// No H5-only module on the mini-program's path. Walks the import graph of the weapp build — src/app.ts,
// src/app.config.ts and every page of the route table (what app.json lists) — resolving each import as
// Taro's mini-program build does: `./x` is x.weapp.ts(x) when there is one, else x.ts(x)
// (TypeScript's resolver with moduleSuffixes ['.weapp', '']; dynamic import() and require() included).
// Fails when the graph reaches a .h5.* file, or a .d.ts adapter declaration with no weapp
// implementation. As a control, the same walk with ['.h5', ''] must reach the H5 adapters, so a walker
// that follows nothing cannot pass. Options: --src DIR (default src/). Ends with `N passed, N failed`.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import ts from 'typescript'
import { ROOT, loadRoutes } from './lib/sizes.mjs'

const { values: args } = parseArgs({ options: { src: { type: 'string' } } })
const srcDir = path.resolve(args.src ?? path.join(ROOT, 'src'))

const { config } = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile)
const baseOptions = ts.parseJsonConfigFileContent(config, ts.sys, ROOT).options
// The `@/` alias points at the checked folder (a test may check a copy of src/).
baseOptions.paths = { '@/*': [`${srcDir}/*`] }
baseOptions.baseUrl = srcDir

const inSrc = (file) => file.startsWith(srcDir + path.sep)
const show = (file) => path.relative(ROOT, file) || file

/** The entry files of the build: app, app config and every page (main package and subpackages). */
async function entries() {
  const routes = await loadRoutes()
  const { pages, subPackages } = routes.weappPages()
  const all = [...pages, ...subPackages.flatMap((p) => p.pages.map((page) => `${p.root}/${page}`))]
  const files = ['app.ts', 'app.config.ts', ...all.map((page) => `${page}.tsx`)].map((f) =>
    path.join(srcDir, f),
  )
  const missing = files.filter((f) => !existsSync(f))
  if (missing.length) throw new Error(`entry files not found: ${missing.map(show).join(', ')}`)
  return files
}

/** Every src/ file reachable from the entries under a platform's suffix rule, with who imports it. */
function walk(entryFiles, suffix) {
  const options = { ...baseOptions, moduleSuffixes: [suffix, ''] }
  const host = ts.createCompilerHost(options)
  const cache = ts.createModuleResolutionCache(ROOT, (f) => f, options)
  const importer = new Map(entryFiles.map((f) => [f, null]))
  const queue = [...entryFiles]
  while (queue.length) {
    const file = queue.shift()
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    for (const { fileName } of importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file, options, host, cache).resolvedModule
      const target = resolved && path.resolve(resolved.resolvedFileName)
      if (!target || !inSrc(target) || importer.has(target)) continue
      importer.set(target, file)
      queue.push(target)
    }
  }
  return importer
}

function chain(importer, file) {
  const out = []
  for (let at = file; at; at = importer.get(at)) out.unshift(show(at))
  return out.join(' -> ')
}

const results = []
const check = (name, run) => {
  try {
    results.push({ name, ok: true, summary: run() })
  } catch (error) {
    results.push({ name, ok: false, summary: error.message })
  }
}

const entryFiles = await entries()
check('weapp', () => {
  const importer = walk(entryFiles, '.weapp')
  const h5 = [...importer.keys()].filter((f) => /\.h5\.[cm]?[jt]sx?$/.test(f))
  const declarations = [...importer.keys()].filter((f) => f.endsWith('.d.ts'))
  const problems = [
    ...h5.map((f) => `H5-only module on the weapp path: ${chain(importer, f)}`),
    ...declarations.map((f) => `no weapp implementation beside ${chain(importer, f)}`),
  ]
  if (problems.length) throw new Error(problems.join('\n'))
  const adapters = [...importer.keys()].filter((f) => /\.weapp\.[jt]sx?$/.test(f)).length
  return `${importer.size} modules from ${entryFiles.length} entries, ${adapters} weapp adapters, no .h5 module`
})
check('h5 control', () => {
  const importer = walk(entryFiles, '.h5')
  const h5 = [...importer.keys()].filter((f) => /\.h5\.[jt]sx?$/.test(f))
  if (!h5.length) throw new Error('the same walk for H5 reached no .h5 adapter: the walker follows nothing')
  return `the H5 walk reaches ${h5.length} .h5 modules`
})

for (const r of results)
  console.log(`${r.ok ? 'PASS' : 'FAIL'} ${r.name}: ${r.summary.replace(/\n/g, '\n    ')}`)
const failed = results.filter((r) => !r.ok).length
console.log(`${results.length - failed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
