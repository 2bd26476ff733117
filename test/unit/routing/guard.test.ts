import {
  afterFailedEntry,
  decideNavigation,
  entryLinkSessionChange,
  mustLogoutForProfile,
  opensWithoutWaiting,
  postLoginTarget,
} from '../../../src/core/routing/guard'
import { SPEC_ROUTES } from './spec-routes'

const loggedOut = { token: '', role: 0 }
const main = { token: 't-main', role: 0 }
const sub = { token: 't-sub', role: 1 }
const go = (path: string, query: Record<string, string>, session = loggedOut) =>
  decideNavigation({ path, query }, session, SPEC_ROUTES)

describe('route guard (account-area §2)', () => {
  it.each(['/login', '/evaluate', '/activation', '/validate', '/customer', '/success'])(
    'public route %s needs no token',
    (path) => expect(go(path, {})).toEqual({ kind: 'allow' }),
  )

  it.each(['/index', '/', '/notices', '/accountManage', '/orderlist'])(
    'protected route %s sends a visitor to /login?redirect={fullPath}',
    (path) => {
      const decision = go(path, { id: '7' })
      const target = path === '/' ? '/index' : path
      expect(decision).toEqual({
        kind: 'redirect',
        to: `/login?redirect=${encodeURIComponent(`${target}?id=7`)}`,
      })
    },
  )

  it('uses /login?url={url} when the page carries a url query', () => {
    expect(go('/notices', { url: 'https://a.example/x?y=1', id: '3' })).toEqual({
      kind: 'redirect',
      to: `/login?url=${encodeURIComponent('https://a.example/x?y=1')}`,
    })
  })

  it('sends a logged-in user opening /login to /index', () => {
    expect(go('/login', { redirect: '/notices' }, main)).toEqual({ kind: 'redirect', to: '/index' })
    // A WeChat login's return stays: the login page asks before switching identity.
    expect(go('/login', { wxcode: 'W1', redirect: '/notices' }, main)).toEqual({ kind: 'allow' })
  })

  it('lets a logged-in user through protected pages', () => {
    expect(go('/notices', {}, sub)).toEqual({ kind: 'allow' })
    expect(go('/orderlist', {}, main)).toEqual({ kind: 'allow' })
  })

  it('sends a sub-account from main-account-only pages to /index', () => {
    expect(go('/orderlist', {}, sub)).toEqual({ kind: 'redirect', to: '/index' })
  })

  it.each(['/accountManage', '/myWorkOrder'])(
    'exchanges an entry token on %s and continues without it',
    (path) => {
      expect(go(path, { token: 'E1', tab: '2' }, main)).toEqual({
        kind: 'exchangeEntryToken',
        entryToken: 'E1',
        continueTo: `${path}?tab=2`,
        workOrderLogin: path === '/myWorkOrder',
      })
    },
  )

  it('does not treat ?token= as an entry token on other pages', () => {
    expect(go('/notices', { token: 'E1' })).toMatchObject({ kind: 'redirect' })
  })

  it('auto-logs in from /login?token= and then honours redirect', () => {
    expect(go('/login', { token: 'E2', redirect: '/notices?id=1' })).toEqual({
      kind: 'exchangeEntryToken',
      entryToken: 'E2',
      continueTo: '/notices?id=1',
      workOrderLogin: false,
    })
  })

  it('exchanges an entry token before unknown-route handling (a link to a page not built here)', () => {
    expect(go('/submitWorkOrder', { token: 'E3', type: '2' })).toEqual({
      kind: 'exchangeEntryToken',
      entryToken: 'E3',
      continueTo: '/index',
      workOrderLogin: true,
    })
    expect(go('/nope', { token: 'E3' })).toEqual({ kind: 'redirect', to: '/index' })
  })

  it('marks an entry link to a work-order page as a work-order login, whoever is logged in', () => {
    expect(go('/myWorkOrder', { token: 'E4' }, loggedOut)).toMatchObject({ workOrderLogin: true })
    expect(go('/accountManage', { token: 'E4' }, loggedOut)).toMatchObject({ workOrderLogin: false })
  })

  it('sends unknown paths home', () => {
    expect(go('/nope', {}, main)).toEqual({ kind: 'redirect', to: '/index' })
  })

  it('logs out a session whose account has no bound phone', () => {
    expect(mustLogoutForProfile({ bindPhone: '' }, '/orderlist')).toBe(true)
    expect(mustLogoutForProfile({ bindPhone: null }, '/notices')).toBe(true)
    expect(mustLogoutForProfile({ bindPhone: '13800000001' }, '/orderlist')).toBe(false)
  })

  it('keeps the session on the home page, whose dialog binds a phone (declining logs out)', () => {
    expect(mustLogoutForProfile({ bindPhone: '' }, '/index')).toBe(false)
    expect(mustLogoutForProfile({ bindPhone: '' }, '/')).toBe(false)
    expect(mustLogoutForProfile({ bindPhone: null }, '/pages/index/index')).toBe(false)
    expect(mustLogoutForProfile({ bindPhone: '13800000001' }, '/index')).toBe(false)
  })
})

describe('pages that open without waiting', () => {
  const opens = (path: string, session: Parameters<typeof opensWithoutWaiting>[1], query = {}) =>
    opensWithoutWaiting({ path, query }, session, SPEC_ROUTES)
  const bound = { bindPhone: '13800000001' }

  it('opens a public page at once', () => {
    expect(opens('/login', loggedOut)).toBe(true)
    expect(opens('/evaluate', { ...main, userinfo: null })).toBe(true)
  })

  it('opens a protected page at once when the cached profile passes', () => {
    expect(opens('/orderlist', { ...main, userinfo: bound })).toBe(true)
    expect(opens('/index', { ...main, userinfo: { bindPhone: '' } })).toBe(true)
  })

  it('waits for the profile when none is cached, or the cached one has no bound phone', () => {
    expect(opens('/orderlist', { ...main, userinfo: null })).toBe(false)
    expect(opens('/orderlist', { ...main, userinfo: { bindPhone: '' } })).toBe(false)
  })

  it('waits on a redirect or an entry link', () => {
    expect(opens('/orderlist', { ...loggedOut, userinfo: bound })).toBe(false)
    expect(opens('/login', { ...main, userinfo: bound })).toBe(false)
    expect(opens('/orderlist', { ...sub, userinfo: bound })).toBe(false)
    expect(opens('/myWorkOrder', { ...main, userinfo: bound }, { token: 'entry' })).toBe(false)
  })
})

describe('where a login continues', () => {
  const target = (query: Record<string, string>, origin?: string) =>
    postLoginTarget(query, origin, SPEC_ROUTES)

  it('follows an internal redirect with its query', () => {
    expect(target({ redirect: '/notices?id=9' })).toBe('/notices?id=9')
  })

  it('follows a url of the same origin as a path', () => {
    expect(target({ url: 'https://mc.example/notices?id=2' }, 'https://mc.example')).toBe('/notices?id=2')
  })

  it.each([
    ['an external url', { url: 'https://evil.example/notices' }],
    ['a protocol-relative url', { redirect: '//evil.example/index' }],
    ['an unknown path', { redirect: '/nope' }],
    ['the login page itself', { redirect: '/login' }],
    ['nothing', {}],
  ])('ignores %s and goes to /index', (_label, query) => {
    expect(target(query as Record<string, string>, 'https://mc.example')).toBe('/index')
  })
})

describe('work-order entry links on the built route table', () => {
  it.each([
    ['/myWorkOrder', {}, '/myWorkOrder'],
    ['/submitWorkOrder', { type: '2' }, '/submitWorkOrder?type=2'],
  ])('%s?token= is exchanged and stays on the page as a work-order login', (path, rest, continueTo) => {
    expect(decideNavigation({ path, query: { token: 'E5', ...rest } }, loggedOut)).toEqual({
      kind: 'exchangeEntryToken',
      entryToken: 'E5',
      continueTo,
      workOrderLogin: true,
    })
  })

  it('/workOrderDetail takes no entry token and needs a login', () => {
    expect(decideNavigation({ path: '/workOrderDetail', query: { id: '3' } }, loggedOut)).toEqual({
      kind: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/workOrderDetail?id=3')}`,
    })
  })
})

describe('an entry link over an existing session', () => {
  const none = { token: '', id: null, subAccountId: 0 }
  const owner = { token: 't1', id: 1, subAccountId: 0 }
  const subAdmin = { token: 't2', id: 2, subAccountId: 5 }

  it('takes the link’s session when there is none, or it is the same identity', () => {
    expect(entryLinkSessionChange(none, { accountId: 1, subAccountId: 0 })).toBe('adopt')
    expect(entryLinkSessionChange(owner, { accountId: 1, subAccountId: 0 })).toBe('adopt')
    expect(entryLinkSessionChange(subAdmin, { accountId: 2, subAccountId: 5 })).toBe('adopt')
  })

  it('asks before switching to another account or role', () => {
    expect(entryLinkSessionChange(owner, { accountId: 3, subAccountId: 0 })).toBe('askToSwitch')
    // The same account as a sub-administrator is another identity.
    expect(entryLinkSessionChange(owner, { accountId: 1, subAccountId: 7 })).toBe('askToSwitch')
    expect(entryLinkSessionChange(subAdmin, { accountId: 2, subAccountId: 0 })).toBe('askToSwitch')
  })

  it('a failed exchange keeps a logged-in user on the page and sends a visitor to /login', () => {
    expect(afterFailedEntry(owner, '/myWorkOrder')).toBe('/myWorkOrder')
    expect(afterFailedEntry(none, '/myWorkOrder')).toBe('/login')
  })
})
