// The one route table (spec account-area §2, doc2 §2). H5 custom routes, the weapp page list and
// subpackages, the guard and the navigation helpers all read it. A page that is not built yet is
// not listed. Pure data: the build config and app.config.ts import it at build time.

export interface RouteDef {
  /** The spec's URL, as the H5 site serves it. */
  path: string
  /** Further URLs for the same page (H5 only). */
  aliases?: string[]
  /** Taro page path, relative to src/ and to its subpackage root. */
  page: string
  /** weapp subpackage root; absent = main package. */
  subPackage?: string
  /** Reachable without a login token. */
  public?: boolean
  /** The 30-minute idle logout does not apply here. */
  idleExempt?: boolean
  /** Sub-accounts are sent to /index. */
  mainAccountOnly?: boolean
  /** Entry links carrying ?token= are exchanged for a session here (fkToken). */
  acceptsEntryToken?: boolean
  /** The page's title: navigation bar (mini-program) and document title (H5), from pageConfig(). */
  title: string
  /** A list page: in the mini-program a pull-down reloads it (pageConfig's enablePullDownRefresh). */
  pullToRefresh?: boolean
  /**
   * The mini-program may offer 转发 here (public pages whose address carries nothing personal).
   * Every other page hides the share menu (PageFrame → usePageShare).
   */
  shareable?: boolean
}

export const HOME_PATH = '/index'
export const LOGIN_PATH = '/login'

export const ROUTES: readonly RouteDef[] = [
  { path: HOME_PATH, aliases: ['/'], page: 'pages/index/index', title: '会员中心', pullToRefresh: true },
  {
    path: LOGIN_PATH,
    page: 'pages/login/index',
    public: true,
    idleExempt: true,
    shareable: true,
    title: '登录',
  },
  {
    path: '/agreement',
    page: 'pages/agreement/index',
    public: true,
    idleExempt: true,
    shareable: true,
    title: '服务协议',
  },
  { path: '/notices', page: 'pages/notices/index', title: '消息中心', pullToRefresh: true },
  // The detail carries the echarts chart: a subpackage keeps it out of the weapp main package.
  { path: '/noticesDetail', page: 'pages/detail/index', subPackage: 'notices', title: '消息详情' },
  { path: '/log', page: 'pages/log/index', title: '操作日志', pullToRefresh: true },
  // Sub-accounts open it read-only (account-area §6).
  { path: '/subAccountManage', page: 'index', subPackage: 'pages/subAccountManage', title: '子账号管理' },
  {
    path: '/activation',
    page: 'index',
    subPackage: 'pages/activation',
    public: true,
    idleExempt: true,
    title: '子管理员激活',
  },
  {
    path: '/customer',
    page: 'index',
    subPackage: 'pages/customer',
    public: true,
    idleExempt: true,
    title: '专属客服',
  },
  {
    path: '/evaluate',
    page: 'index',
    subPackage: 'pages/evaluate',
    public: true,
    idleExempt: true,
    title: '服务评价',
  },
  {
    path: '/accountManage',
    page: 'index',
    subPackage: 'pages/accountManage',
    acceptsEntryToken: true,
    title: '账户管理',
  },
  {
    path: '/productTransfer',
    page: 'index',
    subPackage: 'pages/productTransfer',
    mainAccountOnly: true,
    title: '产品移交',
  },
  {
    path: '/orderlist',
    page: 'index',
    subPackage: 'pages/orderlist',
    mainAccountOnly: true,
    title: '订单管理',
    pullToRefresh: true,
  },
  // 发票: past applications (download, 换开), 合并开票 and the saved titles; its own subpackage.
  {
    path: '/invoices',
    page: 'index',
    subPackage: 'pages/invoices',
    mainAccountOnly: true,
    title: '发票管理',
    pullToRefresh: true,
  },
  // 续费管理: every product by expiry, batch renewal; its own subpackage.
  {
    path: '/renewal',
    page: 'index',
    subPackage: 'pages/renewal',
    mainAccountOnly: true,
    title: '续费管理',
    pullToRefresh: true,
  },
  {
    path: '/orderdetails',
    page: 'index',
    subPackage: 'pages/orderdetails',
    mainAccountOnly: true,
    title: '订单详情',
  },
  { path: '/order', page: 'index', subPackage: 'pages/order', title: '确认订单' },
  { path: '/orderByPlay', page: 'index', subPackage: 'pages/orderByPlay', title: '支付订单' },
  { path: '/payforsuccess', page: 'index', subPackage: 'pages/payforsuccess', title: '支付成功' },
  { path: '/failure', page: 'index', subPackage: 'pages/failure', title: '支付结果' },
  // Work orders: one subpackage for the three pages, so the feature's code and the upload adapter
  // are loaded only when the customer opens a work-order page.
  {
    path: '/myWorkOrder',
    page: 'pages/my/index',
    subPackage: 'workorders',
    acceptsEntryToken: true,
    title: '我的工单',
    pullToRefresh: true,
  },
  {
    path: '/submitWorkOrder',
    page: 'pages/submit/index',
    subPackage: 'workorders',
    acceptsEntryToken: true,
    title: '提交工单',
  },
  { path: '/workOrderDetail', page: 'pages/detail/index', subPackage: 'workorders', title: '工单详情' },
  // Receiver confirmation (doc2 §4): public and idle-exempt, one subpackage for the three pages.
  {
    path: '/validate',
    page: 'pages/validate/index',
    subPackage: 'receiver',
    public: true,
    idleExempt: true,
    title: '接收人验证',
  },
  {
    path: '/success',
    page: 'pages/success/index',
    subPackage: 'receiver',
    public: true,
    idleExempt: true,
    title: '验证成功',
  },
  {
    path: '/uesrfrom',
    page: 'pages/uesrfrom/index',
    subPackage: 'receiver',
    public: true,
    idleExempt: true,
    title: '接收通知确认',
  },
]

/** Full page path as Taro knows it (subpackage pages are keyed by their full path). */
export function pagePath(route: RouteDef): string {
  return route.subPackage ? `${route.subPackage}/${route.page}` : route.page
}

/** customRoutes for the H5 browser router: every value is an array (a plain string renders blank). */
export function h5CustomRoutes(routes: readonly RouteDef[] = ROUTES): Record<string, string[]> {
  return Object.fromEntries(routes.map((r) => [pagePath(r), [r.path, ...(r.aliases ?? [])]]))
}

/** app.config pages (main package) and subPackages, in table order; the first page is the entry. */
export function weappPages(routes: readonly RouteDef[] = ROUTES) {
  const pages = routes.filter((r) => !r.subPackage).map((r) => r.page)
  const roots = [...new Set(routes.filter((r) => r.subPackage).map((r) => r.subPackage as string))]
  const subPackages = roots.map((root) => ({
    root,
    pages: routes.filter((r) => r.subPackage === root).map((r) => r.page),
  }))
  return { pages, subPackages }
}

/**
 * app.json `preloadRule`: from the page of `from`, the subpackages holding the pages of `next`
 * download while the user is on it (any network).
 */
export function weappPreload(from: string, next: readonly string[], routes: readonly RouteDef[] = ROUTES) {
  const page = routes.find((r) => r.path === from)
  const packages = [
    ...new Set(next.map((path) => routes.find((r) => r.path === path)?.subPackage).filter(Boolean)),
  ] as string[]
  return page && packages.length ? { [pagePath(page)]: { network: 'all' as const, packages } } : {}
}

function normalise(path: string): string {
  const clean = '/' + path.replace(/^\/+/, '').replace(/\/+$/, '')
  return clean.split('?')[0]
}

/** Finds the route for a spec URL or a Taro page path ('/pages/login/index'). */
export function findRoute(pathOrPage: string, routes: readonly RouteDef[] = ROUTES): RouteDef | undefined {
  const path = normalise(pathOrPage)
  return routes.find((r) => r.path === path || r.aliases?.includes(path) || `/${pagePath(r)}` === path)
}

/**
 * A page's Taro config (its index.config.ts), so the route table is the one source of titles and
 * of the native pull-down. The pull-down is the mini-program's only: Taro's H5 version wraps the
 * page in a touch scroller, and a browser has its own reload.
 */
export function pageConfig(path: string, platform: string | undefined = process.env.TARO_ENV) {
  const route = ROUTES.find((r) => r.path === path)
  if (!route) throw new Error(`no route ${path} in the route table`)
  return {
    navigationBarTitleText: route.title,
    ...(route.pullToRefresh && platform === 'weapp' ? { enablePullDownRefresh: true } : {}),
  }
}

/** Whether the mini-program may offer 转发 on this page: public pages marked shareable, never a private one. */
export function shareAllowed(route: RouteDef | undefined): boolean {
  return Boolean(route?.public && route.shareable)
}
