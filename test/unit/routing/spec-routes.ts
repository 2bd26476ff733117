import type { RouteDef } from '../../../src/core/routing/routes'

/** The full route set of the spec (account-area §2), to test the guard beyond the pages built so far. */
export const SPEC_ROUTES: RouteDef[] = [
  { path: '/index', aliases: ['/'], page: 'pages/index/index', title: '产品管理' },
  { path: '/login', page: 'pages/login/index', public: true, idleExempt: true, title: '登录' },
  { path: '/evaluate', page: 'pages/evaluate/index', public: true, idleExempt: true, title: '评价' },
  { path: '/activation', page: 'pages/activation/index', public: true, idleExempt: true, title: '激活' },
  { path: '/customer', page: 'pages/customer/index', public: true, idleExempt: true, title: '客服' },
  { path: '/validate', page: 'pages/validate/index', public: true, title: '确认' },
  { path: '/success', page: 'pages/success/index', public: true, title: '成功' },
  {
    path: '/orderlist',
    page: 'pages/orderlist/index',
    subPackage: 'orders',
    mainAccountOnly: true,
    title: '订单',
  },
  { path: '/accountManage', page: 'pages/account/index', acceptsEntryToken: true, title: '账户管理' },
  {
    path: '/myWorkOrder',
    page: 'pages/my/index',
    subPackage: 'workorders',
    acceptsEntryToken: true,
    title: '工单',
  },
  { path: '/notices', page: 'pages/notices/index', title: '消息' },
]
