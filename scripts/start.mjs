// `npm start`: build the H5 app when dist/h5 is missing or older than its sources, then serve it
// and the API on one port with the embedded database. The server runs as the development sandbox
// (NODE_ENV=development: demo data, /__dev pages, sandbox providers); the H5 build stays a
// production build. Deployments run `npm run serve` in production mode instead (README "Deploying").
import { spawnSync, spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const builtIndex = path.join(root, 'dist/h5/index.html')
const SOURCES = ['src', 'config', 'babel.config.js', 'package.json', 'package-lock.json', '.env']

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

const port = process.env.PORT || '8080'
console.log(`
会员中心 — http://localhost:${port}
Demo accounts (password Demo@12345):
  13800000001  main account 星辰科技, also a sub-administrator of 云帆贸易 (account switch)
  13800000002  sub-administrator of 星辰科技
  13800000003  main account 云帆贸易
  demo_nophone member account without a bound phone (logged out by the guard)
The image captcha answer is at http://localhost:${port}/__dev/captcha?id=<uuid> (development only).
`)
const server = spawn(path.join(root, 'node_modules/.bin/tsx'), ['server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PORT: port, NODE_ENV: 'development' },
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
