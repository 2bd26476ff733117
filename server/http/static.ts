// Serves the built H5 console and the API on one port (design "Reference server"), with history
// fallback: the console's routes (/login, /index, /orderlist?x=1 …) are client-side, so a GET that
// matches no file gets index.html. Unknown /api and /__dev paths get a 404 envelope instead.
// The production build writes brotli and gzip copies beside each JS, CSS and HTML file
// (config/index.ts, compression-webpack-plugin); they are sent to a client that accepts them, with
// the original's type and cache headers and `Vary: Accept-Encoding`. A route's HTML names its page's
// chunks as preloads (route-preloads.ts).
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { CODE, fail } from './envelope'
import { ROUTE_NOT_FOUND } from './error-handler'
import { readRoutePreloads } from './route-preloads'

/** Webpack output names carry a content hash (app.b7d6ca20.js): safe to cache for a year. */
const HASHED_ASSET = /\.[0-9a-f]{8,}\.(js|css|png|jpe?g|gif|svg|webp|woff2?|ttf)$/i
const IMMUTABLE = 'public, max-age=31536000, immutable'
/** The build's pre-compressed copies: app.js.br, app.js.gz. */
const COMPRESSED_COPY = /\.(br|gz)$/
/** Files the build compresses (the same test as config/index.ts): their answer depends on Accept-Encoding. */
export const COMPRESSIBLE = /\.(js|css|html|svg|json)$/i

export function isServiceRoute(url: string): boolean {
  return /^\/(api|__dev)(\/|\?|$)/.test(url)
}

function wantsPage(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false
  const pathname = req.url.split('?')[0]
  // A missing /js/app.1234abcd.js must fail visibly, not come back as HTML.
  return !isServiceRoute(req.url) && path.extname(pathname) === ''
}

function sendNotFound(reply: FastifyReply, status: number) {
  return reply.code(status).send(fail(CODE.notFound, ROUTE_NOT_FOUND))
}

export function registerStaticApp(app: FastifyInstance, staticDir: string | null) {
  const preloads = staticDir ? readRoutePreloads(staticDir) : new Map<string, string>()
  const sendPage = (req: FastifyRequest, reply: FastifyReply) => {
    const link = preloads.get(req.url.split('?')[0])
    if (link) reply.header('link', link)
    return reply.header('cache-control', 'no-cache').sendFile('index.html')
  }
  if (staticDir) {
    // `/` would be the static folder's index.html; it is a route like the others.
    app.get('/', sendPage)
    app.register(fastifyStatic, {
      root: staticDir,
      wildcard: true,
      cacheControl: false,
      preCompressed: true,
      // filePath is the file actually sent: app.1a2b3c4d.js.br for app.1a2b3c4d.js.
      setHeaders: (res, filePath) => {
        const original = filePath.replace(COMPRESSED_COPY, '')
        if (path.basename(original) === 'index.html') res.setHeader('cache-control', 'no-cache')
        else if (HASHED_ASSET.test(original)) res.setHeader('cache-control', IMMUTABLE)
        else res.setHeader('cache-control', 'public, max-age=0')
        if (COMPRESSIBLE.test(original)) res.setHeader('vary', 'Accept-Encoding')
      },
    })
  }

  app.setNotFoundHandler((req, reply) => {
    if (staticDir && wantsPage(req)) return sendPage(req, reply)
    // Service routes always answer 200 with an envelope; a missing asset is a real 404.
    return sendNotFound(reply, isServiceRoute(req.url) ? 200 : 404)
  })
}
