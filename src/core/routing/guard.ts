// Where a navigation goes, decided from (route, query, session) alone (spec account-area §2
// "Route guard"). Pure, so H5 and weapp share it and it is tested exhaustively.
import { findRoute, HOME_PATH, LOGIN_PATH, ROUTES, type RouteDef } from './routes'
import { splitUrl, withQuery, type Query } from './url'

export interface GuardSession {
  token: string
  role: number
}

export interface Destination {
  path: string
  query: Query
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /**
   * Exchange the entry token through fkToken, then continue to `continueTo`. `workOrderLogin`: the
   * link opened a work-order page, so the session is a work-order login (account-area §2).
   */
  | { kind: 'exchangeEntryToken'; entryToken: string; continueTo: string; workOrderLogin: boolean }

/** account-area §2: the entry links the spec names (they carry `?token=`). */
export const ENTRY_PATHS = ['/submitWorkOrder', '/accountManage', '/myWorkOrder']
/** Entry links whose session is a work-order login. */
export const WORK_ORDER_ENTRY_PATHS = ['/submitWorkOrder', '/myWorkOrder']

const normalisePath = (path: string) => '/' + splitUrl(path).path.replace(/^\/+/, '').replace(/\/+$/, '')

export const isMainAccount = (role: number | null | undefined) => !role

function withoutKey(query: Query, key: string): Query {
  const rest = { ...query }
  delete rest[key]
  return rest
}

export function decideNavigation(
  to: Destination,
  session: GuardSession,
  routes: readonly RouteDef[] = ROUTES,
): GuardDecision {
  const route = findRoute(to.path, routes)
  const isLogin = route?.path === LOGIN_PATH

  // An entry link is exchanged first: even when its page is not built here the session is started
  // (and the user lands on /index) instead of the link being dropped with its token unused.
  const entryPath = route?.path ?? normalisePath(to.path)
  if (
    to.query.token &&
    (route?.acceptsEntryToken || isLogin || (!route && ENTRY_PATHS.includes(entryPath)))
  ) {
    const rest = withoutKey(to.query, 'token')
    const continueTo = isLogin
      ? postLoginTarget(rest, undefined, routes)
      : route
        ? withQuery(route.path, rest)
        : HOME_PATH
    return {
      kind: 'exchangeEntryToken',
      entryToken: to.query.token,
      continueTo,
      workOrderLogin: WORK_ORDER_ENTRY_PATHS.includes(entryPath),
    }
  }
  if (!route) return { kind: 'redirect', to: HOME_PATH }
  // A WeChat in-app login's return (wxcode) is shown even over a session: it asks before switching.
  if (isLogin)
    return session.token && !to.query.wxcode ? { kind: 'redirect', to: HOME_PATH } : { kind: 'allow' }
  if (!route.public && !session.token) {
    const back: Query = to.query.url ? { url: to.query.url } : { redirect: withQuery(route.path, to.query) }
    return { kind: 'redirect', to: withQuery(LOGIN_PATH, back) }
  }
  if (route.mainAccountOnly && !isMainAccount(session.role)) return { kind: 'redirect', to: HOME_PATH }
  return { kind: 'allow' }
}

/** Who a session is: the account and, for a sub-administrator, its sub-account. */
export interface SessionIdentity {
  token: string
  id: number | null
  subAccountId: number
}

/**
 * After an entry link's exchange: with no session, or one of the same identity, its session is
 * taken; over a different identity the user is asked first (the link may have been sent by
 * someone else), and 取消 keeps the current session.
 */
export function entryLinkSessionChange(
  current: SessionIdentity,
  exchanged: { accountId: number; subAccountId?: number | null },
): 'adopt' | 'askToSwitch' {
  if (!current.token) return 'adopt'
  const same =
    current.id === exchanged.accountId &&
    (current.subAccountId || 0) === (Number(exchanged.subAccountId) || 0)
  return same ? 'adopt' : 'askToSwitch'
}

/** A failed exchange leaves the session as it was: a logged-in user goes on to the page, others log in. */
export const afterFailedEntry = (current: Pick<SessionIdentity, 'token'>, continueTo: string): string =>
  current.token ? continueTo : LOGIN_PATH

/**
 * account-area §2 has two rules for a member without a bound phone: the guard removes the token and
 * goes to /login, and the home page shows a bind-phone dialog. Both hold: the home page (where every
 * login lands) keeps the session so its dialog can bind a phone (declining it logs out); any other
 * protected page ends the session. See docs/architecture.md "Data flow of a page".
 */
export function mustLogoutForProfile(profile: { bindPhone?: string | null }, path: string): boolean {
  return !profile.bindPhone && findRoute(path)?.path !== HOME_PATH
}

/**
 * Whether the guard lets the page open without waiting for an answer: a public page, or a session
 * whose cached profile passes (it is refreshed behind the page). The frame then shows nothing for
 * the moment before, instead of a loading indicator that is replaced before it is seen.
 */
export function opensWithoutWaiting(
  to: Destination,
  session: GuardSession & { userinfo?: { bindPhone?: string | null } | null },
  routes: readonly RouteDef[] = ROUTES,
): boolean {
  if (decideNavigation(to, session, routes).kind !== 'allow') return false
  if (findRoute(to.path, routes)?.public) return true
  return Boolean(session.userinfo && !mustLogoutForProfile(session.userinfo, to.path))
}

/**
 * Where to go after a login: `redirect` (an internal path) or `url` (internal, or an absolute URL of
 * this same origin), else /index. Anything else is ignored so a login link cannot send users away.
 */
export function postLoginTarget(query: Query, origin?: string, routes: readonly RouteDef[] = ROUTES): string {
  for (const candidate of [query.redirect, query.url]) {
    if (!candidate) continue
    let internal = candidate
    if (origin && candidate.startsWith(origin + '/')) internal = candidate.slice(origin.length)
    if (!internal.startsWith('/') || internal.startsWith('//')) continue
    const { path } = splitUrl(internal)
    const route = findRoute(path, routes)
    if (route && route.path !== LOGIN_PATH) return internal
  }
  return HOME_PATH
}
