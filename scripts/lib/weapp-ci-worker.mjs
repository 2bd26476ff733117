// Child process for verify-weapp: compiles a weapp project with miniprogram-ci the way an upload
// would, offline. Runs in its own process because miniprogram-ci keeps handles open (needs
// process.exit) and leaves hex-named folders in its cwd (the parent gives it a temp dir).
// Usage: node weapp-ci-worker.mjs <projectPath> <resultFile>; writes {ok, files} or {ok:false, error}.
import { writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const [projectPath, resultFile] = process.argv.slice(2)
const ci = createRequire(import.meta.url)('miniprogram-ci')

// Its only network call fetches the upload's file-extension whitelist and falls back to a built-in
// list on failure; a proxy on a closed local port makes it fail at once instead of waiting on DNS.
ci.proxy('http://127.0.0.1:9')

function describe(error) {
  if (!error || typeof error !== 'object') return String(error)
  const where = [error.code && `code ${error.code}`, error.path].filter(Boolean).join(', ')
  // Babel's messages carry a code frame of minified one-line JS: keep it short.
  const message = String(error.message ?? error)
    .split('\n')
    .slice(0, 12)
    .map((line) => (line.length > 300 ? `${line.slice(0, 300)}...` : line))
    .join('\n')
  return where ? `${message} (${where})` : message
}

let result
try {
  const project = new ci.Project({
    appid: process.env.TARO_APP_ID || 'touristappid',
    type: 'miniProgram',
    projectPath,
    // Never used offline; the constructor only wants a value.
    privateKey: 'offline-check',
  })
  // The real attr() asks WeChat's servers about the appid; the defaults are what an unknown appid gets.
  project.attr = async () => ci.DefaultProjectAttr
  const compiled = await ci.getCompiledResult({ project, setting: { es6: true, minify: true } })
  result = { ok: true, files: Object.keys(compiled).length }
} catch (error) {
  result = { ok: false, error: describe(error) }
}
writeFileSync(resultFile, JSON.stringify(result))
process.exit(0)
