// `npm start`: build the H5 app when dist/h5 is missing or older than its sources, then serve it
// and the API on one port with the embedded database. The server runs as the development sandbox
// (NODE_ENV=development: demo data, /__dev pages, sandbox providers) on 127.0.0.1 unless HOST is
// given; the H5 build stays a production build. It refuses NODE_ENV=production: deployments run
// `npm run serve` instead (README "Deploying").
import { spawnSync, spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { sandboxServerEnv } from './lib/sandbox-env.mjs'

const sandbox = sandboxServerEnv(process.env)
if ('error' in sandbox) {
  console.error(sandbox.error)
  process.exit(1)
}

const root = path.resolve(import.meta.dirname, '..')
const builtIndex = path.join(root, 'dist/h5/index.html')
const SOURCES = [
  'src',
  'config',
  'taro-patches',
  'babel.config.js',
  'package.json',
  'package-lock.json',
  '.env',
]

function newestMtime(target) {
  if (!existsSync(target)) return 0
  const stat = statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(target).reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), 0)
}

const sourcesChanged = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))))
if (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < sourcesChanged) {
  console.log('Building the H5 console (dist/h5)...')
  const build = spawnSync('npx', ['taro', 'build', '--type', 'h5'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const { env, host, exposed } = sandbox
// The server prints the demo accounts it seeded and the sandbox pages once it listens.
console.log(
  `\n会员中心 development sandbox (demo accounts, /__dev pages; not for production) — http://${exposed ? host : 'localhost'}:${env.PORT}`,
)
console.log(
  exposed
    ? `Listening on ${host}: other machines on this network reach the sandbox, its /__dev pages and the demo accounts.\n`
    : 'Listening on 127.0.0.1 only (HOST=0.0.0.0 npm start to reach it from a phone on this network).\n',
)
const server = spawn(path.join(root, 'node_modules/.bin/tsx'), ['server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env,
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
