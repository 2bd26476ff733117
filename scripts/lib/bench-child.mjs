// One reference server for a benchmark: scripts/lib/bench-app.ts in a child process (its own event
// loop, so the load generator does not slow it), driven over IPC. `ready` resolves with
// { port, database, databaseUrl }; `ask` sends a request (login, seed, sessions) and resolves with
// the answer; `stop` disconnects, which closes the server (and drops the throwaway database it made).
import { fork } from 'node:child_process'
import path from 'node:path'
import { SANDBOX_ENVIRONMENTS } from './sandbox-env.mjs'

const ROOT = path.resolve(import.meta.dirname, '../..')

export function startBenchApp(env) {
  // The bench server is the sandbox with demo accounts, and it makes a throwaway database on the
  // PostgreSQL it is given: never on a production machine's.
  const nodeEnv = process.env.NODE_ENV ?? ''
  if (!SANDBOX_ENVIRONMENTS.includes(nodeEnv))
    throw new Error(`the benchmarks run the development sandbox and refuse NODE_ENV=${nodeEnv}`)
  const child = fork(path.join(ROOT, 'scripts/lib/bench-app.ts'), [], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  let nextId = 1
  const pending = new Map()
  let started
  const ready = new Promise((resolve, reject) => {
    started = { resolve, reject }
  })
  child.on('message', (message) => {
    if (message.ready) return started.resolve(message)
    const waiting = pending.get(message.id)
    pending.delete(message.id)
    if (message.error) waiting?.reject(new Error(message.error))
    else waiting?.resolve(message)
  })
  const exited = new Promise((resolve) => child.on('exit', resolve))
  child.on('exit', (code) => {
    const error = new Error(`the bench server exited (${code})`)
    started.reject(error)
    for (const waiting of pending.values()) waiting.reject(error)
  })
  const ask = (request) =>
    new Promise((resolve, reject) => {
      const id = nextId++
      pending.set(id, { resolve, reject })
      child.send({ id, ...request })
    })
  const stop = async () => {
    if (child.connected) child.disconnect()
    await exited
  }
  return { ready, ask, stop, kill: () => child.kill('SIGKILL') }
}
