// Demo notices (account-area §3, §9: one of each message type for 星辰科技, with attachments, the
// type-4 visit chart and a body carrying a script that storeNotice strips) and demo operation logs
// (§4: types 0-10, both statuses). Seeded notices have all been shown in the home popup already,
// so the popup appears only for notices that arrive later. 星辰科技 has 3 unread, 李子管 1.
import { formatBeijingTime } from '../../src/core/format/time'
import { hours } from '../context'
import { operateRecords } from '../db/schema'
import { demoFileUrl } from '../services/notices/notice-files'
import { storeNotice, type NoticeDraft } from '../services/notices/notices'
import { daysAgo, type DemoIds } from './support'
import type { Tx } from '../db/client'

type DemoNotice = Omit<NoticeDraft, 'accountId' | 'createdAt' | 'popped'> & { days: number }

const SITE = 'www.xingchen-demo.cn'
const MALL = 'mall.xingchen-demo.cn'

/** The body of the notice whose script and handlers must never run (e2e: window.__noticeScript). */
export const SCRIPT_NOTICE_TITLE = '新手指引'
const SCRIPT_BODY =
  '<p>欢迎使用会员中心，<strong>三步</strong>完成建站：</p><ol><li>选择模板</li><li>编辑内容</li><li>发布上线</li></ol>' +
  '<script>window.__noticeScript = "script"</script>' +
  `<img src="${demoFileUrl('missing.png')}" onerror="window.__noticeScript = 'onerror'">` +
  '<p><a href="javascript:window.__noticeScript = \'link\'">查看帮助</a></p>'

/** Page views and visitor IPs over the 7 days before `at`, dated in UTC+8. */
function weekOfVisits(at: Date) {
  const days = [6, 5, 4, 3, 2, 1, 0]
  return {
    xDate: days.map((d) => formatBeijingTime(daysAgo(at, d + 1), 'MM-DD')),
    pvList: [1320, 1498, 1211, 1675, 1904, 1533, 1788],
    uvList: [402, 455, 371, 520, 611, 489, 560],
  }
}

function mainNotices(at: Date): DemoNotice[] {
  return [
    // Unread (3).
    {
      days: 0.1,
      type: 4,
      title: '近7日访问统计',
      content: `<p>您的站点 ${SITE} 近7日共有 <strong>10929</strong> 次浏览，3408 个访客IP。</p>`,
      details: { msgType: 4, domain: SITE, echartTitle: '近7日访问趋势', ...weekOfVisits(at) },
    },
    {
      // 星辰商城 (products.ts), which expired three days ago and has a renewal waiting for payment.
      days: 10,
      type: 5,
      title: '网站即将到期',
      content:
        '<p>您的网站 shop.xingchen-demo.cn（自助建站 专业版）将于7天后到期，请及时续费，以免影响访问。</p>',
      details: {
        productName: '自助建站',
        productVersion: '专业版',
        secondDomain: 'shop.xingchen-demo.cn',
        orderCode: 'MC202600000102',
        expireTime: daysAgo(at, 3).toISOString(),
      },
    },
    {
      days: 2,
      type: 21,
      title: '工单已受理',
      content: '<p>您提交的工单已分配工程师处理，请留意进度。</p>',
      details: {
        workOrderNum: '20260001',
        workOrderTitle: '网站首页轮播图无法更新',
        workOrderProgress: '处理中',
        workOrderOperator: '王工程师',
      },
    },
    // Read.
    {
      days: 2.5,
      type: 2,
      title: '站点访问异常告警',
      content: '<p>监测到您的站点首页响应超时，已自动恢复。截图见附件。</p>',
      readStatus: 1,
      details: {
        alarmName: '首页响应超时',
        alarmType: '可用性',
        secondDomain: SITE,
        targetUrl: `https://${SITE}/`,
        alarmContent: '连续3次请求超过10秒未响应',
      },
      fileList: [
        {
          fileUrl: demoFileUrl('alarm-screenshot.png'),
          fileName: '告警截图.png',
          filetype: 'png',
          isPhoto: 1,
        },
      ],
    },
    {
      days: 3,
      type: 3,
      title: '客服回复',
      content: '<p>您好，首页改版的效果图已上传，请查看附件。</p>',
      readStatus: 1,
      details: { questionReply: '已按您的要求调整首页布局，效果见附件。' },
      fileList: [
        { fileUrl: demoFileUrl('site-home.png'), fileName: '首页效果图.png', filetype: 'png', isPhoto: 1 },
        {
          fileUrl: demoFileUrl('alarm-screenshot.png'),
          fileName: '旧版首页.png',
          filetype: 'png',
          isPhoto: 1,
        },
        { fileUrl: demoFileUrl('service-guide.txt'), fileName: '服务说明.txt', filetype: 'txt', isPhoto: 0 },
      ],
    },
    {
      days: 3.5,
      type: 10,
      title: SCRIPT_NOTICE_TITLE,
      content: SCRIPT_BODY,
      readStatus: 1,
      details: { productName: '企业官网', url: 'https://help.xingchen-demo.cn/guide' },
    },
    {
      days: 10,
      type: 9,
      title: '管理员设置',
      content: '<p>已设置子管理员李子管，TA 将可以管理您的网站。</p>',
      readStatus: 1,
      details: { secondDomain: SITE, bindPhone: '13800000002', url: `https://${SITE}/admin` },
    },
    {
      days: 11,
      type: 11,
      title: '需求待确认',
      content: '<p>您的定制需求文档已更新，请确认。</p>',
      readStatus: 1,
      details: {
        productName: '定制开发',
        orderCode: 'DD202510080012',
        operateUrl: 'https://req.xingchen-demo.cn/confirm/12',
      },
    },
    {
      days: 12,
      type: 12,
      title: '微信授权成功',
      content: '<p>星辰商城小程序已完成微信授权。</p>',
      readStatus: 1,
      details: { nodeName: '星辰商城小程序', secondDomain: MALL },
    },
    {
      days: 20,
      type: 14,
      title: '交付完成',
      content: '<p>星辰科技官网已交付，您可以开始编辑内容。</p>',
      readStatus: 1,
      details: {
        productName: '企业官网',
        orderCode: 'DD202509150008',
        secondDomain: SITE,
        url: `https://${SITE}`,
      },
    },
    {
      days: 22,
      type: 20,
      title: '退款成功',
      content: '<p>您申请的退款已原路退回，请注意查收。</p>',
      readStatus: 1,
      details: { productName: '短信包（1000条）', orderCode: 'DD202509010004' },
    },
    {
      days: 24,
      type: 24,
      title: '小程序交付完成',
      content: '<p>星辰商城小程序已交付，请扫码体验。</p>',
      readStatus: 1,
      details: {
        productName: '商城小程序',
        nodeName: '星辰商城小程序',
        orderCode: 'DD202508200016',
        url: `https://${MALL}`,
      },
    },
    {
      days: 26,
      type: 27,
      title: '小程序即将到期',
      content: '<p>您的小程序将于30天后到期，请及时续费。</p>',
      readStatus: 1,
      details: {
        productName: '商城小程序',
        productVersion: '专业版',
        nodeName: '星辰商城小程序',
        orderCode: 'DD202508200016',
        expireTime: daysAgo(at, -4).toISOString(),
      },
    },
    {
      days: 28,
      type: 31,
      title: '请为本次服务评价',
      content: '<p>官网交付已完成，邀请您对服务进行评价。</p>',
      readStatus: 1,
      details: {
        exclusiveAdvisor: '陈顾问',
        exclusiveCustomerService: '小林',
        afterSalesCustomerService: '小周',
        serviceTime: '工作日 9:00-18:00',
        url: 'https://www.xingchen-demo.cn/evaluate',
      },
    },
    {
      days: 30,
      type: 56,
      title: 'CDN流量即将用尽',
      content: '<p>本月CDN流量已使用90%，请及时购买流量包。</p>',
      readStatus: 1,
      details: { secondDomain: SITE, productName: 'CDN流量包' },
    },
    {
      days: 33,
      type: 68,
      title: '站点迁移完成',
      content: '<p>您的站点已迁移至新机房，访问不受影响。</p>',
      readStatus: 1,
      details: { secondDomain: SITE, url: `https://${SITE}` },
    },
    {
      days: 35,
      type: 60,
      title: '网站续费成功',
      content: '<p>您的网站已续费一年。</p>',
      readStatus: 1,
      details: {
        productName: '企业官网',
        productVersion: '标准版',
        secondDomain: SITE,
        orderCode: 'DD202410300021',
        expireTime: daysAgo(at, -330).toISOString(),
      },
    },
    {
      days: 40,
      type: 1,
      title: '系统维护通知',
      content: '<p>平台将于周日凌晨 2:00-4:00 进行维护，期间后台暂停使用。</p>',
      readStatus: 1,
    },
  ]
}

const subAdminNotices: DemoNotice[] = [
  {
    days: 5,
    type: 9,
    title: '您已成为子管理员',
    content: '<p>星辰科技已将您设置为子管理员。</p>',
    details: { secondDomain: SITE, bindPhone: '13800000002' },
  },
  {
    days: 6,
    type: 22,
    title: '工单进度更新',
    content: '<p>您关注的工单已处理完成。</p>',
    readStatus: 1,
    details: {
      workOrderNum: '20260001',
      workOrderTitle: '网站首页轮播图无法更新',
      workOrderProgress: '已完成',
    },
  },
]

const otherNotices: DemoNotice[] = [
  { days: 4, type: 10, title: '新手指引', content: '<p>欢迎使用会员中心。</p>' },
  {
    days: 8,
    type: 6,
    title: '云帆贸易官网即将到期',
    content: '<p>您的网站将于15天后到期。</p>',
    readStatus: 1,
    details: { productName: '企业官网', secondDomain: 'www.yunfan-demo.cn', orderCode: 'DD202511010002' },
  },
]

type DemoLog = [days: number, type: number, status: 0 | 1, ip: string, content: string]

const MAIN_LOG: DemoLog[] = [
  [0.05, 0, 0, '113.88.14.203', '密码登录成功'],
  [0.9, 0, 1, '183.14.132.57', '密码登录失败：密码错误'],
  [1, 0, 0, '183.14.132.57', '短信验证码登录成功'],
  [2, 7, 0, '113.88.14.203', '微信授权登录'],
  [3, 6, 0, '113.88.14.203', '绑定邮箱 ow***@xingchen-demo.cn'],
  [4, 3, 0, '113.88.14.203', '新增子管理员 李子管'],
  [4.1, 3, 1, '113.88.14.203', '新增子管理员失败：手机号已被使用'],
  [5, 4, 0, '119.123.40.12', '编辑子管理员 李子管：开启网站管理'],
  [6, 0, 0, '119.123.40.12', '密码登录成功'],
  [7, 1, 0, '119.123.40.12', '修改登录密码'],
  [7.1, 1, 1, '119.123.40.12', '修改登录密码失败：当前密码错误'],
  [9, 2, 0, '14.155.80.241', '换绑手机 138****0001'],
  [11, 8, 0, '14.155.80.241', '更换授权微信'],
  [12, 9, 0, '14.155.80.241', '解绑微信'],
  [13, 7, 0, '14.155.80.241', '绑定微信'],
  [15, 5, 0, '223.104.63.19', '删除子管理员 王小明'],
  [16, 3, 0, '223.104.63.19', '新增子管理员 王小明'],
  [18, 10, 1, '223.104.63.19', '产品移交失败：验证码已过期'],
  [18.1, 10, 0, '223.104.63.19', '产品移交：星辰旧官网 移交至 139****5678'],
  [20, 0, 0, '113.88.14.203', '密码登录成功'],
  [25, 6, 1, '113.88.14.203', '修改邮箱失败：邮箱格式有误'],
  [30, 0, 0, '113.88.14.203', '手机号注册成功'],
]

const SUB_ADMIN_LOG: DemoLog[] = [
  [0.5, 0, 0, '120.229.18.77', '密码登录成功'],
  [1.5, 0, 1, '120.229.18.77', '密码登录失败：密码错误'],
  [3, 1, 0, '120.229.18.77', '修改登录密码'],
  [8, 7, 0, '120.229.18.77', '绑定微信'],
  [9, 0, 0, '120.229.18.77', '激活子管理员并登录'],
]

const OTHER_LOG: DemoLog[] = [
  [0.3, 0, 0, '61.141.65.8', '密码登录成功'],
  [2, 2, 0, '61.141.65.8', '换绑手机 138****0003'],
  [5, 6, 1, '61.141.65.8', '绑定邮箱失败：邮箱已被使用'],
  [6, 6, 0, '61.141.65.8', '绑定邮箱 bo***@yunfan-demo.cn'],
  [9, 0, 1, '58.60.1.93', '密码登录失败：密码错误'],
  [12, 10, 0, '58.60.1.93', '产品移交：云帆旧站 移交至 137****2201'],
]

export async function seedNotices(tx: Tx, ids: DemoIds): Promise<void> {
  const addressees: [number, number | null, DemoNotice[]][] = [
    [ids.main, null, mainNotices(ids.at)],
    [ids.main, ids.liZiguan, subAdminNotices],
    [ids.other, null, otherNotices],
  ]
  for (const [accountId, subAccountId, list] of addressees) {
    for (const { days, ...notice } of list) {
      await storeNotice(tx, {
        ...notice,
        accountId,
        subAccountId,
        popped: true,
        createdAt: daysAgo(ids.at, days),
      })
    }
  }

  const logOf = (accountId: number, subAccountId: number | null, memberAccount: string, log: DemoLog[]) =>
    log.map(([days, type, status, ip, content]) => ({
      accountId,
      subAccountId,
      memberAccount,
      type,
      status,
      ip,
      content,
      // Off the whole hour, as real actions are.
      createdAt: new Date(daysAgo(ids.at, days).getTime() - hours(0.37)),
    }))
  await tx
    .insert(operateRecords)
    .values([
      ...logOf(ids.main, null, 'demo_main', MAIN_LOG),
      ...logOf(ids.main, ids.liZiguan, '李子管', SUB_ADMIN_LOG),
      ...logOf(ids.other, null, 'demo_other', OTHER_LOG),
    ])
}
