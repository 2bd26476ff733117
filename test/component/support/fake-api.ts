// A stand-in for the network in jsdom: answers fetch() by method + path with an envelope.
// Tests of real server behaviour live in test/api and test/e2e. A call no handler answers fails
// the test (test/component/support/setup.ts checks after each test), so a screen that calls a
// route its test did not expect cannot pass by chance.
type Handler = (body: Record<string, unknown>, headers: Record<string, string>) => unknown

export interface FakeApi {
  on(method: 'GET' | 'POST', path: string, handler: Handler): FakeApi
  calls: { method: string; path: string; body: Record<string, unknown>; headers: Record<string, string> }[]
  failNetwork(path: string): FakeApi
  /** Calls no handler answered (they got a 404 envelope). */
  unanswered: string[]
}

let installed: FakeApi | null = null

/** Throws when the test's screen called a route the test gave no handler. */
export function assertEveryCallAnswered(): void {
  const unanswered = installed?.unanswered ?? []
  installed = null
  if (unanswered.length) throw new Error(`fake API: no handler for ${[...new Set(unanswered)].join(', ')}`)
}

export function installFakeApi(): FakeApi {
  const handlers = new Map<string, Handler>()
  const broken = new Set<string>()
  const api: FakeApi = {
    calls: [],
    unanswered: [],
    on(method, path, handler) {
      handlers.set(`${method} ${path}`, handler)
      return api
    },
    failNetwork(path) {
      broken.add(path)
      return api
    },
  }
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const method = (init?.method || 'GET').toUpperCase()
    const headers = Object.fromEntries(new Headers(init?.headers).entries())
    const body: Record<string, unknown> =
      method === 'GET'
        ? Object.fromEntries(url.searchParams.entries())
        : JSON.parse(String(init?.body || '{}'))
    api.calls.push({ method, path: url.pathname, body, headers })
    if (broken.has(url.pathname)) throw new TypeError('Failed to fetch')
    const handler = handlers.get(`${method} ${url.pathname}`)
    if (!handler) api.unanswered.push(`${method} ${url.pathname}`)
    const envelope = handler ? handler(body, headers) : { code: 404, message: '接口不存在', data: null }
    return new Response(JSON.stringify(envelope), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    })
  }) as typeof fetch
  installed = api
  return api
}

export const ok = (data: unknown) => ({ code: 200, message: 'success', data })
export const fail = (code: number, message: string) => ({ code, message, data: null })
