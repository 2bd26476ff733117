// Shared by the runtime test files: the build to boot, the stored session of a demo login, opening
// one page in a fresh runtime, and the assertions every page must pass.
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { createRuntime, renderedTexts } from './runtime.mjs'

const root = path.resolve(import.meta.dirname, '..', '..', '..')

/** The weapp build under test: WEAPP_DIR, else $MC_DIST/weapp, else dist/weapp. */
export const dist = path.resolve(
  root,
  process.env.WEAPP_DIR || path.join(process.env.MC_DIST || 'dist', 'weapp'),
)
// A missing build fails the run (npm test builds first); it never skips the tests.
if (!existsSync(path.join(dist, 'app.json')))
  throw new Error(`no weapp build in ${dist}: run npm run build:weapp`)

export const LOGIN_PAGE = '/pages/login/index'

/** The persisted session a logged-in user leaves in storage (core/session/store, key mc-session). */
export function sessionOf(login, lastClickTime = Date.now()) {
  const state = {
    token: login.token,
    id: login.accountId,
    role: login.role,
    subAccountId: login.subAccountId,
    orderSource: '',
    lastClickTime,
    userinfo: null,
  }
  return { 'mc-session': JSON.stringify({ state, version: 0 }) }
}

/**
 * Boots the app in a fresh runtime, opens one page and waits until it is quiet. `login` puts that
 * session in storage first; `wx` replaces platform APIs (see createRuntime's wxOverrides); `canvas`
 * makes selector queries answer recording Canvas 2D nodes.
 */
export async function openPage(server, page, { query = {}, login, storage, wx, canvas } = {}) {
  const runtime = createRuntime({
    dist,
    server,
    storage: storage ?? (login ? sessionOf(login) : {}),
    wxOverrides: wx,
    canvas,
  })
  try {
    runtime.launch()
    const { instance } = runtime.openPage(page, query)
    await runtime.settle()
    return { runtime, instance, texts: () => renderedTexts(instance.data) }
  } catch (error) {
    runtime.close()
    throw error
  }
}

/** The navigation calls made so far, as "redirectTo /pages/…?…". */
export const navigations = (runtime) =>
  runtime.calls
    .filter((c) => ['navigateTo', 'redirectTo', 'reLaunch', 'navigateBack'].includes(c.name))
    .map((c) => `${c.name} ${c.args[0].url ?? ''}`.trim())

/** The calls of one wx API, with their options. */
export const callsOf = (runtime, name) => runtime.calls.filter((c) => c.name === name).map((c) => c.args[0])

export function assertClean(runtime) {
  const problems = runtime.errors.map(({ where, error }) => `${where}: ${error?.stack ?? error}`)
  assert.deepEqual(problems, [], 'the page raised errors')
}

export function assertShows(texts, expected) {
  const all = texts.join('\n')
  const missing = expected.filter((text) => !all.includes(text))
  assert.deepEqual(missing, [], `missing texts; the page shows: ${texts.join(' | ')}`)
}

/** Waits (real time) until `check()` is truthy. */
export async function until(check, what, timeoutMs = 20_000) {
  const started = Date.now()
  for (;;) {
    const value = check()
    if (value) return value
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
