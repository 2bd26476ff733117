// Demo notices (account-area §3, §9).
import { notices } from './schema'
import { daysAgo, type DemoIds, type Tx } from './seed-support'

export async function seedNotices(tx: Tx, ids: DemoIds): Promise<void> {
  await tx.insert(notices).values([
    {
      accountId: ids.main,
      type: 5,
      title: '网站即将到期',
      content: '您的网站将于7天后到期，请及时续费。',
      createdAt: daysAgo(ids.at, 1),
    },
    {
      accountId: ids.main,
      type: 21,
      title: '工单已受理',
      content: '您提交的工单已分配工程师处理。',
      createdAt: daysAgo(ids.at, 2),
    },
    {
      accountId: ids.main,
      type: 10,
      title: '新手指引',
      content: '欢迎使用会员中心。',
      createdAt: daysAgo(ids.at, 3),
    },
    {
      accountId: ids.main,
      type: 9,
      title: '管理员设置',
      content: '已设置子管理员李子管。',
      readStatus: 1,
      createdAt: daysAgo(ids.at, 10),
    },
    {
      accountId: ids.main,
      type: 14,
      title: '交付完成',
      content: '星辰科技官网已交付。',
      readStatus: 1,
      createdAt: daysAgo(ids.at, 20),
    },
    {
      accountId: ids.main,
      subAccountId: ids.liZiguan,
      type: 9,
      title: '您已成为子管理员',
      content: '星辰科技已将您设置为子管理员。',
      createdAt: daysAgo(ids.at, 5),
    },
    {
      accountId: ids.other,
      type: 10,
      title: '新手指引',
      content: '欢迎使用会员中心。',
      createdAt: daysAgo(ids.at, 4),
    },
  ])
}
