// Per-address limits on the anonymous calls that write a row or draw an image: without them one client could fill the captcha, WeChat scene and ticket tables or keep the
// CPU drawing captchas and hashing passwords. The limits live here, keyed by route, so the route
// files stay as they are. Counts are kept in PostgreSQL when the server runs on it, so instances
// behind a load balancer share one limit, and in this process's memory on PGlite
// (http/rate-limit-store.ts; docs/api.md "Security model").
import fastifyRateLimit, {
  normalizeIP,
  type FastifyRateLimitStore,
  type RateLimitOptions,
} from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify'
import { tooManyRequests } from '../services/shared/errors'

export const RATE_LIMITED = '请求过于频繁，请稍后再试'

const MINUTE_MS = 60_000

/** File downloads per address and minute, as a multiple of ANONYMOUS_CALLS_PER_MINUTE (600 by default). */
export const DOWNLOADS_FACTOR = 10

export interface RateLimitRule {
  /** Calls in one group share one count (the same call under two methods or spellings). */
  group: string
  routes: string[]
  /** The count allowed, as a multiple of the per-minute setting (default 1). */
  factor?: number
}

const calls = (group: string, routes: string[], factor?: number): RateLimitRule =>
  factor ? { group, routes, factor } : { group, routes }

/**
 * Every anonymous call that writes a row or draws an image, and the logged-in calls that check an
 * SMS code to bind or change a phone or to move products. The SMS sends keep their own hourly
 * limits per phone and address (services/sms/sms.ts); the payment notifications are trusted by their
 * signature and come from the providers' few addresses, so they are not limited here.
 */
export const RATE_LIMIT_RULES: RateLimitRule[] = [
  calls('image-captcha', ['GET /api/app/code']),
  calls('slider-captcha', ['GET /api/app/genCaptcha', 'POST /api/app/genCaptcha']),
  calls('slider-check', ['POST /api/app/check222']),
  calls('password-login', ['POST /api/app/loginByPassword', 'POST /api/app/login']),
  calls('phone-login', ['POST /api/app/phoneLogin']),
  calls('registration', ['POST /api/pc/registerByPhone']),
  calls('password-reset', ['POST /api/pc/forgetPassword']),
  calls('wechat-qr-scene', ['GET /api/wechat/getQrAddress', 'GET /api/wechat/getQrAddress/']),
  calls('wechat-oauth-url', ['GET /api/wechat/oauthUrl']),
  calls('wechat-oauth-login', ['POST /api/wechat/oauthLogin']),
  // WeChat sends the phone back here: each scan asks WeChat and writes a token.
  calls('wechat-oauth-callback', ['GET /wechat/oauth/callback']),
  calls('wechat-scene-answer', ['POST /wechat/oauth/confirm']),
  // WeChat's browser comes back here from a payment's authorisation: each may ask WeChat once.
  calls('wechat-payer-callback', ['GET /wechat/pay/callback']),
  calls('wechat-mini-login', ['POST /api/wechat/miniLogin']),
  calls('wechat-mini-bind', ['POST /api/wechat/miniBindPhone']),
  // Logged in, but each checks an SMS code: a wall beside the code's own five tries.
  calls('bind-phone', ['POST /api/pc/bindPhone', 'POST /api/wechat/bindPhone']),
  calls('change-phone', ['POST /api/pc/updateBingPhone', 'POST /api/pc/updateAccountPhone']),
  calls('product-transfer', [
    'POST /api/pc/checkCodeByAccountId',
    'POST /api/pc/transfer/sendSmsCode',
    'POST /api/wechat/moveBusiness',
  ]),
  calls('entry-token', ['GET /api/feignApi/fkToken']),
  calls('customer-qr', ['GET /api/user/getUrlByQrcode']),
  // The public survey: a wall against walking uuIds or replaying submits.
  calls('evaluation', ['GET /api/app/evaluate/getEvaluateDetail', 'POST /api/app/evaluate/sumbit']),
  calls('activation', [
    'GET /api/app/account/getAccountInfoByActiveCode',
    'POST /api/app/account/activeAccountByActiveCode',
  ]),
  // Signed file addresses (the signature is the credential, no session): a work order's page shows
  // many images, so ten times the count; a wall against a script pulling files in a loop.
  calls('file-download', ['GET /api/user/downLoadFile'], DOWNLOADS_FACTOR),
]

/** The rule of a route, by method and URL as registered; HEAD runs its GET's handler. */
export function ruleFor(method: string, url: string, rules = RATE_LIMIT_RULES): RateLimitRule | undefined {
  const key = `${method === 'HEAD' ? 'GET' : method} ${url}`
  return rules.find((candidate) => candidate.routes.includes(key))
}

interface Window {
  count: number
  endsAt: number
}

/** Bounds the memory an attacker cycling through addresses can take. */
const MAX_TRACKED = 50_000

/**
 * Fixed windows in one Map shared by every limited route of an app (the plugin would give each
 * route its own store, and a group spans routes). Keys are address + group.
 */
export class SharedWindowStore implements FastifyRateLimitStore {
  private readonly windows = new Map<string, Window>()

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ) {
    const now = Date.now()
    let window = this.windows.get(key)
    if (!window || window.endsAt <= now) {
      this.windows.delete(key)
      if (this.windows.size >= MAX_TRACKED) this.prune(now)
      window = { count: 0, endsAt: now + timeWindow }
      this.windows.set(key, window)
    }
    window.count += 1
    callback(null, { current: window.count, ttl: window.endsAt - now })
  }

  /** Called by the plugin for each limited route: they all count in this one. */
  child(): FastifyRateLimitStore {
    return this
  }

  /** Drops ended windows; if the map is still full, the oldest ones (Map keeps insertion order). */
  private prune(now: number) {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key)
    for (const key of this.windows.keys()) {
      if (this.windows.size < MAX_TRACKED) break
      this.windows.delete(key)
    }
  }
}

/**
 * Registers the limiter. Must be called before the routes are declared, and the routes must be
 * declared by a plugin registered after it: @fastify/rate-limit attaches its hook to each route
 * from an onRoute hook that exists only once the plugin has loaded.
 */
export function registerRateLimits(
  app: FastifyInstance,
  perMinute: number,
  rules = RATE_LIMIT_RULES,
  store: new () => FastifyRateLimitStore = SharedWindowStore,
) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    const matched = methods.map((method) => ruleFor(method, route.url ?? '', rules)).find(Boolean)
    if (!matched) return
    const rateLimit: RateLimitOptions = {
      max: perMinute * (matched.factor ?? 1),
      timeWindow: MINUTE_MS,
      groupId: `|${matched.group}`,
    }
    route.config = { ...route.config, rateLimit }
  })
  app.register(fastifyRateLimit, {
    global: false,
    store,
    keyGenerator: (req: FastifyRequest) => normalizeIP(req.ip),
    // Thrown into the error handler: HTTP 200, envelope code 429, like every other refusal.
    errorResponseBuilder: () => tooManyRequests(RATE_LIMITED),
  })
}
