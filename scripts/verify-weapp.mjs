// `npm run test:weapp`: checks a built dist/weapp with WeChat's own tools, offline.
//   wxml  wcc (miniprogram-compiler) over every .wxml/.wxs, as WeChat DevTools compiles them
//   wxss  wcsc over every .wxss (it rejects what the mini-program renderer cannot parse)
//   ci    miniprogram-ci getCompiledResult: app.json, pages/components, JS parse + ES6 transpile + minify
//   size  main package, each subpackage and the total against WeChat's limits
//   quality  miniprogram-ci checkCodeQuality (WeChat's 代码质量 scan): fails on what the upload
//         check blocks on (QUALITY_BLOCKING), prints the other findings
// Options: --dir PATH (default dist/weapp), --build (rebuild dist/weapp first; also done when it is
// missing), --only wxml,wxss,ci,size,quality. Ends with `N passed, N failed`; exits 1 on any failure.
import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { tail, taroBuild } from './lib/build.mjs'
import { ROOT, WEAPP_LIMITS, formatBytes, listFiles, weappPackageSizes } from './lib/sizes.mjs'

const CHECKS = ['wxml', 'wxss', 'ci', 'size', 'quality']
const { values: args } = parseArgs({
  options: {
    dir: { type: 'string' },
    build: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
})
const defaultDir = path.join(ROOT, 'dist', 'weapp')
const dir = path.resolve(args.dir ?? defaultDir)
const requested = args.only ? args.only.split(',') : CHECKS
const unknown = requested.filter((c) => !CHECKS.includes(c))
if (unknown.length) {
  console.error(`unknown check(s): ${unknown.join(', ')} (known: ${CHECKS.join(', ')})`)
  process.exit(2)
}
const only = CHECKS.filter((c) => requested.includes(c))

const needsBuild = args.build || !existsSync(path.join(dir, 'app.json'))
if (needsBuild) {
  if (dir !== defaultDir) {
    console.error(`${dir}/app.json is missing (only the default dist/weapp is built by this script)`)
    process.exit(2)
  }
  console.log('building dist/weapp (taro build --type weapp) ...')
  const build = taroBuild('weapp')
  if (!build.ok) {
    console.error(tail(build.output) || build.error)
    console.error('FAIL build\n0 passed, 1 failed')
    process.exit(1)
  }
  console.log(`built in ${(build.ms / 1000).toFixed(1)} s`)
}

const files = listFiles(dir)
const ofType = (ext) => files.filter((f) => f.endsWith(ext))
const shown = path.relative(process.cwd(), dir)
console.log(`weapp checks on ${shown && !shown.startsWith('..') ? shown : dir} (${files.length} files)`)

function compilerBinary(name) {
  const pkg = path.dirname(createRequire(import.meta.url).resolve('miniprogram-compiler/package.json'))
  if (process.platform === 'win32') return path.join(pkg, 'bin', 'windows', `${name}.exe`)
  if (process.platform === 'darwin') return path.join(pkg, 'bin', 'mac', name)
  if (process.arch !== 'x64') throw new Error(`miniprogram-compiler ships ${name} for x64 only`)
  const bin = path.join(pkg, 'bin', 'linux', name)
  // npm installs the package's binaries without the execute bit.
  chmodSync(bin, 0o755)
  return bin
}

// Runs one of WeChat's compilers in the project folder; output goes to stdout, errors to stderr.
function runCompiler(name, argv) {
  const result = spawnSync(compilerBinary(name), argv, {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
  })
  if (result.error) throw result.error
  // wcsc pads its messages with blank lines and an "error file count" line.
  const message = result.stderr
    .split('\n')
    .filter((line) => line.trim() && !/^error file count/.test(line))
    .join('\n')
  if (result.status !== 0) throw new Error(message || `${name} exited with ${result.status}`)
  return message
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(path.join(dir, file), 'utf8'))
  } catch {
    return null
  }
}

// Mirrors miniprogram-compiler's wxmlToJs (the DevTools call): wcc -d -cc "<component table>"
// <every .wxml> <every .wxs> -gn $gwx. The table is: count, then per file with usingComponents
// (from its sibling .json) its path, how many components and their tag names.
function checkWxml() {
  const wxml = ofType('.wxml')
  const wxs = ofType('.wxs')
  const table = []
  let count = 0
  for (const file of wxml) {
    const names = Object.keys(readJson(file.replace(/\.wxml$/, '.json'))?.usingComponents ?? {})
    if (!names.length) continue
    count++
    table.push(file, names.length, ...names)
  }
  const warnings = runCompiler('wcc', [
    '-d',
    '-cc',
    [count, ...table].join(' '),
    ...wxml,
    ...wxs,
    '-gn',
    '$gwx',
  ])
  return { summary: `wcc compiled ${wxml.length} .wxml + ${wxs.length} .wxs`, details: warnings }
}

// Mirrors miniprogram-compiler's wxssToJs: wcsc -db -pc <n> <page/component .wxss first> <the rest>,
// where pages and components are the .wxss files with a sibling .json.
function checkWxss() {
  const wxss = ofType('.wxss')
  const withJson = wxss.filter((f) => files.includes(f.replace(/\.wxss$/, '.json')))
  const rest = wxss.filter((f) => !withJson.includes(f))
  const warnings = runCompiler('wcsc', ['-db', '-pc', String(withJson.length), ...withJson, ...rest])
  return { summary: `wcsc compiled ${wxss.length} .wxss`, details: warnings }
}

function checkCi() {
  const work = mkdtempSync(path.join(tmpdir(), 'weapp-ci-'))
  try {
    const resultFile = path.join(work, 'result.json')
    const worker = path.join(import.meta.dirname, 'lib', 'weapp-ci-worker.mjs')
    const run = spawnSync(process.execPath, [worker, dir, resultFile], {
      cwd: work,
      encoding: 'utf8',
      timeout: 5 * 60 * 1000,
      maxBuffer: 64 * 1024 * 1024,
    })
    const result = existsSync(resultFile) ? JSON.parse(readFileSync(resultFile, 'utf8')) : null
    if (!result) throw new Error(`miniprogram-ci gave no result:\n${tail(`${run.stdout}${run.stderr}`, 20)}`)
    if (!result.ok) throw new Error(result.error)
    return { summary: `miniprogram-ci compiled ${result.files} files (es6, minify)` }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

/**
 * The 代码质量 findings an upload is blocked on: an AppSecret in the code, an oversized plugin (the
 * scan's "must fix" grade), the main package over its limit, and components injected all at start
 * (lazyCodeLoading off). The others (unused files, compression settings of the DevTools project)
 * are printed as advice.
 */
const QUALITY_BLOCKING = [
  'CONTAINS_APPSECRET',
  'PLUGIN_OVER_SIZE',
  'PACKAGE_SIZE_LIMIT',
  'LAZYCODE_LOADING_OPEN',
]

function runWorker(name) {
  const work = mkdtempSync(path.join(tmpdir(), 'weapp-ci-'))
  try {
    const resultFile = path.join(work, 'result.json')
    const worker = path.join(import.meta.dirname, 'lib', name)
    const run = spawnSync(process.execPath, [worker, dir, resultFile], {
      cwd: work,
      encoding: 'utf8',
      timeout: 5 * 60 * 1000,
      maxBuffer: 64 * 1024 * 1024,
    })
    const result = existsSync(resultFile) ? JSON.parse(readFileSync(resultFile, 'utf8')) : null
    if (!result) throw new Error(`miniprogram-ci gave no result:\n${tail(`${run.stdout}${run.stderr}`, 20)}`)
    if (!result.ok) throw new Error(result.error)
    return result
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

function checkQuality() {
  const { items } = runWorker('weapp-quality-worker.mjs')
  const line = (i) =>
    `${i.success ? 'ok  ' : QUALITY_BLOCKING.includes(i.name) ? 'FAIL' : 'note'} ${i.name}: ${i.text}` +
    (!i.success && i.detail ? ` ${JSON.stringify(i.detail).slice(0, 300)}` : '')
  const lines = items.map(line).join('\n')
  const blocking = items.filter((i) => !i.success && QUALITY_BLOCKING.includes(i.name))
  if (blocking.length) throw new Error(lines)
  const notes = items.filter((i) => !i.success).length
  return { summary: `checkCodeQuality: ${items.length} checks, ${notes} advisory finding(s)`, details: lines }
}

function checkSize() {
  const sizes = weappPackageSizes(dir)
  const rows = [
    { name: 'main package', ...sizes.main, limit: WEAPP_LIMITS.main },
    ...sizes.subPackages.map((p) => ({ name: `subpackage ${p.root}`, ...p, limit: WEAPP_LIMITS.subPackage })),
    { name: 'total', bytes: sizes.total, files: files.length, limit: WEAPP_LIMITS.total },
  ]
  const lines = rows.map(
    (r) =>
      `${r.bytes <= r.limit ? 'ok  ' : 'OVER'} ${r.name.padEnd(28)} ${formatBytes(r.bytes).padStart(10)}` +
      ` of ${formatBytes(r.limit)} (${r.bytes.toLocaleString('en')} bytes, ${r.files} files)`,
  )
  const over = rows.filter((r) => r.bytes > r.limit)
  if (over.length) throw new Error(lines.join('\n'))
  return {
    summary: `main ${formatBytes(sizes.main.bytes)}, total ${formatBytes(sizes.total)}`,
    details: lines.join('\n'),
  }
}

const checks = { wxml: checkWxml, wxss: checkWxss, ci: checkCi, size: checkSize, quality: checkQuality }
const indent = (text) => text.replace(/^/gm, '    ')
let passed = 0
let failed = 0
for (const name of only) {
  const started = performance.now()
  const took = () => `(${((performance.now() - started) / 1000).toFixed(1)} s)`
  try {
    const { summary, details } = checks[name]()
    passed++
    console.log(`PASS ${name}: ${summary} ${took()}`)
    if (details) console.log(indent(details))
  } catch (error) {
    failed++
    console.log(`FAIL ${name} ${took()}`)
    console.log(indent(String(error?.message ?? error)))
  }
}
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
