// The real server (server/main.ts) in a child process, for what inject() cannot show: signals,
// crashes and restarts. It runs the sandbox (NODE_ENV=development: demo data, /__dev answers) on a
// free port, on a PGlite data folder or on the PostgreSQL database given.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { throwawayDatabase } from '../../../server/db/throwaway'

const ROOT = path.resolve(__dirname, '../../..')

export interface SpawnedServer {
  child: ChildProcess
  url: string
  /** Every JSON line the server logged so far (other output is dropped). */
  lines: Record<string, unknown>[]
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** What the server wrote to stderr so far (an uncaught error's stack lands here). */
  stderr(): string
}

/**
 * A database a spawned server can open and a later one reopen: a PGlite folder in a temporary
 * directory, or a throwaway database on TEST_DATABASE_URL's PostgreSQL.
 */
export async function serverDatabase(): Promise<{
  url: string
  folder: string | null
  dispose(): Promise<void>
}> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (serverUrl) {
    const throwaway = await throwawayDatabase(serverUrl, 'mc_spawned')
    return { url: throwaway.url, folder: null, dispose: throwaway.drop }
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-spawned-'))
  const folder = path.join(dir, 'pglite')
  return { url: folder, folder, dispose: async () => fs.rmSync(dir, { recursive: true, force: true }) }
}

/** Children still running: killStrayServers() ends them when a test fails half-way. */
const running = new Set<ChildProcess>()

export function killStrayServers() {
  for (const child of running) child.kill('SIGKILL')
}

export async function spawnServer(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<SpawnedServer> {
  // node itself with tsx's loader (not the tsx wrapper): the signals reach the server, SIGKILL too.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      STATIC_DIR: path.join(ROOT, 'no-console-here'),
      ANONYMOUS_CALLS_PER_MINUTE: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  const lines: Record<string, unknown>[] = []
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child)
      resolve({ code, signal })
    }),
  )
  let stderr = ''
  child.stderr?.on('data', (chunk) => (stderr += chunk))
  const url = await new Promise<string>((resolve, reject) => {
    let pending = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8')
      const parts = pending.split('\n')
      pending = parts.pop() ?? ''
      for (const part of parts) {
        if (!part.startsWith('{')) continue
        const line = JSON.parse(part) as Record<string, unknown>
        lines.push(line)
        const listening = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(String(line.msg))
        if (listening) resolve(listening[1])
      }
    })
    void exit.then(({ code, signal }) =>
      reject(new Error(`server exited (${code ?? signal}) before listening: ${stderr}`)),
    )
  })
  return { child, url, lines, exit, stderr: () => stderr }
}

/**
 * SIGTERM, then the exit; a stop that was not clean (exit code other than 0) fails with what the
 * server logged at warn or above and its stderr, so a failure on a busy CI machine says why.
 */
export async function stopCleanly(server: SpawnedServer): Promise<void> {
  server.child.kill('SIGTERM')
  const exited = await server.exit
  if (exited.code === 0 && exited.signal === null) return
  const warnings = server.lines.filter((line) => Number(line.level) >= 40)
  throw new Error(
    `the server did not stop cleanly (${JSON.stringify(exited)}):\n` +
      `${warnings.map((line) => JSON.stringify(line)).join('\n')}\n${server.stderr()}`,
  )
}

export interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

/** One request on its own connection (no keep-alive), so a stopping server cannot close it as idle. */
export function request(
  base: string,
  method: string,
  url: string,
  options: { body?: unknown; token?: string } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body)
    const req = http.request(
      new URL(url, base),
      {
        method,
        agent: false,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(options.token ? { token: options.token } : {}),
        },
      },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

/**
 * A POST whose body waits: the headers go first with `Expect: 100-continue`, and `headersRead`
 * resolves when the server answers 100 Continue, i.e. it has read them and the request is in
 * flight. `sendBody()` then sends the body; `answer` is the final response. On its own connection
 * unless `agent` (a keep-alive agent, as a load balancer's) is given.
 */
export function heldRequest(base: string, url: string, body: unknown, agent: http.Agent | false = false) {
  const payload = JSON.stringify(body)
  const req = http.request(new URL(url, base), {
    method: 'POST',
    agent,
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(payload),
      expect: '100-continue',
    },
  })
  const headersRead = new Promise<void>((resolve) => req.once('continue', () => resolve()))
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }))
    })
    req.on('error', reject)
  })
  req.flushHeaders()
  return { headersRead, sendBody: () => void req.end(payload), answer }
}

/** Resolves once the server has logged a line that passes `test` (checked on each new line). */
export async function loggedLine(server: SpawnedServer, test: (line: Record<string, unknown>) => boolean) {
  for (;;) {
    const found = server.lines.find(test)
    if (found) return found
    await new Promise((resolve) => server.child.stdout?.once('data', resolve))
  }
}
