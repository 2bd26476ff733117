// Security headers on every response: the session token lives in
// localStorage, so an injected script would be a full takeover, and a framed console could be
// clickjacked. The sandbox pages (sandbox-page.ts) replace the CSP with their own nonce policy.
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import helmet from 'helmet'
import type { ServerConfig } from '../config'

const ONE_YEAR_S = 365 * 24 * 60 * 60

type SecurityConfig = Pick<ServerConfig, 'frameAncestors' | 'hsts'>

/**
 * The console's Content-Security-Policy. The built H5 app loads only its own files (src/index.html
 * has no inline script; Taro's rem script is empty with targetUnit 'px'); Taro and taro-ui set
 * style attributes and inject <style> at run time, hence 'unsafe-inline' for styles only. Images:
 * the QR codes are data: URLs, image previews blob:. The taro-ui icon font is a data: URL.
 */
export function contentSecurityPolicy({ frameAncestors, hsts }: SecurityConfig) {
  return {
    defaultSrc: ["'self'"],
    // WeChat's JS-SDK, loaded in WeChat's browser only (the official account's open tags).
    scriptSrc: ["'self'", 'https://res.wx.qq.com'],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    // Pages that hide their header (?showHead=0) are meant to be embedded by these origins only.
    frameAncestors: frameAncestors.length ? frameAncestors : ["'none'"],
    // Over plain HTTP (development) an upgrade would send the page's own requests to a dead port.
    ...(hsts ? { upgradeInsecureRequests: [] } : {}),
  }
}

export function securityHeaderOptions(config: SecurityConfig): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // frame-ancestors decides; the old header can only say DENY or SAMEORIGIN, so it is sent
    // only when nobody may frame the console (browsers without CSP level 2).
    xFrameOptions: config.frameAncestors.length ? false : { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: config.hsts ? { maxAge: ONE_YEAR_S, includeSubDomains: false } : false,
    // nosniff and Helmet's other defaults (COOP and CORP same-origin, no DNS prefetch…) stay on.
  }
}

/** Registered before every route and the static console, so all of them carry the headers. */
export function registerSecurityHeaders(app: FastifyInstance, config: SecurityConfig) {
  app.register(fastifyHelmet, securityHeaderOptions(config))
}

/**
 * The same headers for a reply that runs no hooks: Fastify's refusals before routing (a malformed
 * URL escape, an over-long path parameter), answered by the frameworkErrors option.
 */
export function securityHeadersWithoutHooks(config: SecurityConfig) {
  // The plugin's options are Helmet's (its typings name Helmet's CommonJS copy of the type).
  const setHeaders = helmet(securityHeaderOptions(config) as Parameters<typeof helmet>[0])
  return (req: FastifyRequest, reply: FastifyReply) => setHeaders(req.raw, reply.raw, () => undefined)
}
