// A route's HTML carries its page's chunks as preloads, from the build's route-preloads.json
// (server/http/route-preloads.ts).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { ROUTE_PRELOADS_FILE } from '../../server/http/route-preloads'
import { useTestServer } from './support/harness'

const INDEX_HTML = '<!doctype html><title>会员中心</title><div id="app"></div>'
const LOGIN_FILES = ['/js/365.29af60c4.js', '/css/651.7a8d9691.css', '/js/651.a11ecffc.js']
const LOGIN_LINK =
  '</js/365.29af60c4.js>; rel=preload; as=script, </css/651.7a8d9691.css>; rel=preload; as=style, ' +
  '</js/651.a11ecffc.js>; rel=preload; as=script'

const server = useTestServer()
const dirs: string[] = []

function staticDir(preloads?: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-route-preloads-'))
  dirs.push(dir)
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML)
  fs.mkdirSync(path.join(dir, 'js'))
  fs.writeFileSync(path.join(dir, 'js', '365.29af60c4.js'), 'globalThis.shared = 1')
  if (preloads !== undefined) fs.writeFileSync(path.join(dir, ROUTE_PRELOADS_FILE), preloads)
  return dir
}

afterAll(async () => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true })
})

describe('route preloads', () => {
  let app: FastifyInstance

  beforeAll(async () => {
    const home = ['/js/6.7d1acb8c.js']
    const preloads = { '/login': LOGIN_FILES, '/index': home, '/': home }
    app = await server.buildVariant({ staticDir: staticDir(JSON.stringify(preloads)) })
  })

  it.each(['/login', '/login?redirect=%2Findex'])(
    'sends %s with its page chunks as a Link header',
    async (url) => {
      const response = await app.inject({ method: 'GET', url })
      expect(response.statusCode).toBe(200)
      expect(response.body).toBe(INDEX_HTML)
      expect(response.headers.link).toBe(LOGIN_LINK)
      expect(response.headers['cache-control']).toBe('no-cache')
    },
  )

  it.each(['/index', '/'])('gives each route its own chunks: %s', async (url) => {
    const response = await app.inject({ method: 'GET', url })
    expect(response.body).toBe(INDEX_HTML)
    expect(response.headers.link).toBe('</js/6.7d1acb8c.js>; rel=preload; as=script')
  })

  it.each(['/nowhere', '/login/extra', '/LOGIN'])(
    'preloads nothing for %s, a URL no route has',
    async (url) => {
      const response = await app.inject({ method: 'GET', url })
      expect(response.statusCode).toBe(200)
      expect(response.body).toBe(INDEX_HTML)
      expect(response.headers.link).toBeUndefined()
    },
  )

  it('leaves assets and service routes alone', async () => {
    const asset = await app.inject({ method: 'GET', url: '/js/365.29af60c4.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers.link).toBeUndefined()
    const missing = await app.inject({ method: 'GET', url: '/api/nowhere' })
    expect(missing.headers.link).toBeUndefined()
    expect(missing.json()).toMatchObject({ code: expect.any(Number) })
  })
})

describe('route preloads file', () => {
  it('is optional: a build without it (development) serves the same pages without preloads', async () => {
    const app = await server.buildVariant({ staticDir: staticDir() })
    const response = await app.inject({ method: 'GET', url: '/login' })
    expect(response.statusCode).toBe(200)
    expect(response.body).toBe(INDEX_HTML)
    expect(response.headers.link).toBeUndefined()
  })

  it.each([
    ['not JSON', '{"/login": '],
    ['a list', '["/js/a.js"]'],
    ['a file that is not a script or stylesheet', '{"/login": ["/js/a.js", "/img/logo.png"]}'],
    ['a header injection', '{"/login": ["/js/a.js>; rel=prefetch, <https://evil.example/x.js"]}'],
    ['another origin', '{"/login": ["https://evil.example/x.js"]}'],
    ['a protocol-relative URL', '{"/login": ["//evil.example/x.js"]}'],
  ])('refuses to start on %s, as on any broken build', async (_, text) => {
    await expect(server.buildVariant({ staticDir: staticDir(text) })).rejects.toThrow(ROUTE_PRELOADS_FILE)
  })
})
