// scripts/pg-test-cluster.sh, which .ci/run uses for the API suite on PostgreSQL: `stop` ends the
// cluster it started and deletes its data, and .ci/run calls it on exit, passed or failed.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { Client } from 'pg'

const ROOT = path.resolve(__dirname, '../../..')
const SCRIPT = path.join(ROOT, 'scripts/pg-test-cluster.sh')
const installed = fs.existsSync('/usr/lib/postgresql') && fs.readdirSync('/usr/lib/postgresql').length > 0

const cluster = (...args: string[]) => spawnSync('bash', [SCRIPT, ...args], { encoding: 'utf8' })

/** Whether something listens on the port (a connection is accepted). */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => socket.end(() => resolve(true)))
    socket.once('error', () => resolve(false))
  })

;(installed ? it : it.skip)(
  'stop ends the cluster it started and deletes its data folder',
  async () => {
    const started = cluster()
    expect(started.status).toBe(0)
    const url = started.stdout.trim()
    const port = Number(new URL(url).port)
    const client = new Client({ connectionString: url })
    await client.connect()
    const { rows } = await client.query<{ data_directory: string }>('show data_directory')
    await client.end()
    const data = rows[0]!.data_directory
    expect(fs.existsSync(data)).toBe(true)

    expect(cluster('stop', url).status).toBe(0)
    expect(await listening(port)).toBe(false)
    expect(fs.existsSync(data)).toBe(false)
    // Stopping it again (or a cluster it did not start) is refused, not ignored.
    expect(cluster('stop', url).status).not.toBe(0)
  },
  60_000,
)

it('.ci/run stops its cluster on exit, whether the tests passed or not', () => {
  const run = fs.readFileSync(path.join(ROOT, '.ci/run'), 'utf8')
  const start = run.indexOf('TEST_DATABASE_URL=$(bash scripts/pg-test-cluster.sh)')
  const trap = run.indexOf(`trap 'bash scripts/pg-test-cluster.sh stop "$TEST_DATABASE_URL"' EXIT`)
  expect(start).toBeGreaterThan(-1)
  // Set right after the start and before the tests run (`npm test`).
  expect(trap).toBeGreaterThan(start)
  expect(trap).toBeLessThan(run.lastIndexOf('\nnpm test'))
})
