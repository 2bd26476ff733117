// Production Taro builds for the bench and the weapp checks, timed by wall clock.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { ROOT } from './sizes.mjs'

const TARO = path.join(ROOT, 'node_modules', '.bin', 'taro')

/**
 * Runs `taro build --type <type>`; output is shown live with verbose, else kept for a failure.
 * `env`: variables for this build only (e.g. MC_DIST, MC_BENCH_FLOOR).
 */
export function taroBuild(type, { verbose = false, env = {} } = {}) {
  const started = performance.now()
  const result = spawnSync(TARO, ['build', '--type', type], {
    cwd: ROOT,
    env: { ...process.env, ...env, NODE_ENV: 'production', FORCE_COLOR: '0' },
    stdio: verbose ? 'inherit' : 'pipe',
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  })
  const ms = performance.now() - started
  const output = verbose ? '' : `${result.stdout ?? ''}${result.stderr ?? ''}`
  return { ok: result.status === 0, ms, output, error: result.error }
}

/** The last lines of a build log, for a failure message. */
export function tail(text, lines = 40) {
  return text.trimEnd().split('\n').slice(-lines).join('\n')
}
