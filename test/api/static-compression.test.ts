// The production H5 build writes .br and .gz copies beside its JS, CSS and HTML (config/index.ts);
// the server sends the one the browser accepts with the original's type and cache headers.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { useTestServer } from './support/harness'

const INDEX_HTML = `<!doctype html><title>会员中心</title><div id="app"></div>${' '.repeat(2000)}`
const APP_JS = `console.log(${JSON.stringify('会员中心 '.repeat(400))})`
const SMALL_CSS = 'body{margin:0}'

const server = useTestServer()
let app: FastifyInstance
let staticDir: string

/** Writes a file and, like the build, its brotli and gzip copies. */
function writeWithCopies(file: string, text: string) {
  const full = path.join(staticDir, file)
  fs.mkdirSync(path.dirname(full), { recursive: true })
  fs.writeFileSync(full, text)
  fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(text))
  fs.writeFileSync(`${full}.gz`, zlib.gzipSync(text))
}

beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-static-compressed-'))
  writeWithCopies('index.html', INDEX_HTML)
  writeWithCopies('js/app.1a2b3c4d.js', APP_JS)
  // Too small to gain: the build leaves it without copies.
  fs.mkdirSync(path.join(staticDir, 'css'))
  fs.writeFileSync(path.join(staticDir, 'css', 'app.5e6f7a8b.css'), SMALL_CSS)
  app = await server.buildVariant({ staticDir })
}, 60_000)

afterAll(async () => {
  fs.rmSync(staticDir, { recursive: true, force: true })
})

const get = (url: string, acceptEncoding?: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  })

function decoded(response: Awaited<ReturnType<typeof get>>): string {
  const body = response.rawPayload
  const encoding = response.headers['content-encoding']
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8')
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8')
  expect(encoding).toBeUndefined()
  return body.toString('utf8')
}

describe('pre-compressed static assets', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['gzip;q=1, br;q=0', 'gzip'],
  ])(
    'answers Accept-Encoding %j with %s, the hashed asset still cached for a year',
    async (accept, encoding) => {
      const response = await get('/js/app.1a2b3c4d.js', accept)
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-encoding']).toBe(encoding)
      expect(response.headers['content-type']).toMatch(/javascript/)
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(response.headers.vary).toMatch(/accept-encoding/i)
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length)
      expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(APP_JS))
      expect(decoded(response)).toBe(APP_JS)
    },
  )

  it.each([undefined, 'identity', 'deflate'])(
    'sends the original to a client accepting %s',
    async (accept) => {
      const response = await get('/js/app.1a2b3c4d.js', accept)
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-encoding']).toBeUndefined()
      expect(response.body).toBe(APP_JS)
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(response.headers.vary).toMatch(/accept-encoding/i)
    },
  )

  it('sends the original of a file the build left without copies', async () => {
    const response = await get('/css/app.5e6f7a8b.css', 'gzip, deflate, br')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(response.headers['content-type']).toMatch(/text\/css/)
    expect(response.body).toBe(SMALL_CSS)
    expect(response.headers['cache-control']).toContain('immutable')
  })

  it.each([
    ['/login', 'gzip, deflate, br', 'br'],
    ['/orderlist?x=1', 'gzip', 'gzip'],
    ['/index.html', 'br', 'br'],
    ['/', 'gzip, br', 'br'],
    ['/index', undefined, undefined],
  ])('serves index.html for %s (Accept-Encoding %j) as %s, never cached', async (url, accept, encoding) => {
    const response = await get(url, accept)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe(encoding)
    expect(response.headers['content-type']).toMatch(/text\/html/)
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.headers.vary).toMatch(/accept-encoding/i)
    expect(decoded(response)).toBe(INDEX_HTML)
  })

  it('answers a missing asset with 404, whatever the client accepts', async () => {
    const response = await get('/js/app.deadbeef.js', 'gzip, deflate, br')
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-encoding']).toBeUndefined()
  })
})
