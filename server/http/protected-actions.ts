// Which protected action (PROTECTED_ACTIONS) each route behind requireFreshSession performs, by its
// route URL: the 4031 refusal names it, and WeChat confirmation shows it on the phone. A route not
// listed is shown as 受保护的操作 (test/api/operation-protection-wechat.test.ts walks them all).
import type { ProtectedAction } from '../../src/core/contract/operation-protection'

const ACTION_OF_ROUTE: Record<string, ProtectedAction> = {
  '/api/pc/updatePassword': '修改密码',
  '/api/pc/updateAccountPhone': '绑定、修改手机号',
  '/api/pc/updateBingPhone': '绑定、修改手机号',
  '/api/pc/bindPhone': '绑定、修改手机号',
  '/api/wechat/bindPhone': '绑定、修改手机号',
  '/api/pc/editAccountEmail': '修改邮箱',
  '/api/wechat/getCodeImg': '绑定、更换、解绑微信',
  '/api/wechat/getBindQrAddress': '绑定、更换、解绑微信',
  '/api/wechat/miniBindWechat': '绑定、更换、解绑微信',
  '/api/wechat/updateWechat': '绑定、更换、解绑微信',
  '/api/wechat/unBindingWechat': '绑定、更换、解绑微信',
  '/api/pc/saveMyIp': '登录掩码',
  '/api/app/secondFactor/begin': '二次验证的开启、关闭与恢复码',
  '/api/app/secondFactor/confirm': '二次验证的开启、关闭与恢复码',
  '/api/app/secondFactor/disable': '二次验证的开启、关闭与恢复码',
  '/api/app/secondFactor/recoveryCodes': '二次验证的开启、关闭与恢复码',
  '/api/app/secondFactor/subAdmins': '子管理员的新增、修改、删除与验证要求',
  '/api/app/account/addAccountSubAccount': '子管理员的新增、修改、删除与验证要求',
  '/api/app/account/editAccountSubAccount': '子管理员的新增、修改、删除与验证要求',
  '/api/app/account/deleteAccountSubAccount': '子管理员的新增、修改、删除与验证要求',
  '/api/app/account/loginDevices/signOut': '退出登录设备',
  '/api/app/account/loginDevices/signOutOthers': '退出登录设备',
  '/api/pc/cancelAccount': '注销账号',
  '/api/app/exports/:kind': '导出个人数据',
  '/api/app/account/operationProtection': '操作保护设置',
}

/** The action of the route at `url` (Fastify's route pattern), if it is one. */
export function protectedActionOf(url: string | undefined): ProtectedAction | undefined {
  return url === undefined ? undefined : ACTION_OF_ROUTE[url]
}
