// Demo sub-admins (both activation states, different switches), the position dictionary, an
// outstanding activation link in the dev outbox, and the accounts' customer managers.
import { eq } from 'drizzle-orm'
import { later } from '../context'
import { hashToken, newToken } from '../security/tokens'
import { ACTIVATION_TTL_MS, activationPath } from '../services/sub-accounts/sub-account-activation'
import { POSITION_DICTIONARY } from '../services/sub-accounts/sub-accounts'
import {
  accountVipServers,
  dictionaryItems,
  sandboxMessages,
  subAccountActivations,
  subAccounts,
} from '../db/schema'
import { daysAgo, type DemoIds } from './support'
import type { Tx } from '../db/client'

/** recipient_position (account-area §3); 李子管 (seed.ts) is position 1, 张星辰 position 2. */
export const DEMO_POSITIONS = [
  { itemValue: '1', itemText: '网站管理员' },
  { itemValue: '2', itemText: '运营负责人' },
  { itemValue: '3', itemText: '技术负责人' },
  { itemValue: '4', itemText: '市场专员' },
  { itemValue: '5', itemText: '其他' },
]

/** The not-yet-activated demo sub-admin; its link is printed in the dev outbox (GET /__dev/mail). */
export const DEMO_PENDING_SUB_ADMIN = { phone: '13800000007', mailbox: 'wangdh@xingchen-demo.cn' }
/** The customer manager with an enterprise-WeChat QR (星辰科技); 云帆贸易's has none. */
export const DEMO_VIP_QR_CODE = 'demo-wework-chenjl'

export async function seedSubAccounts(tx: Tx, ids: DemoIds): Promise<void> {
  const { at, main, other, liZiguan } = ids
  await tx
    .insert(dictionaryItems)
    .values(DEMO_POSITIONS.map((item, index) => ({ code: POSITION_DICTIONARY, ...item, sort: index })))

  // 李子管 (active) receives notices but does not manage the website.
  await tx.update(subAccounts).set({ isWebsiteManage: 0 }).where(eq(subAccounts.id, liZiguan))

  const [expired, pending] = await tx
    .insert(subAccounts)
    .values([
      {
        accountId: main,
        fullName: '赵运营',
        mailbox: 'zhaoyy@xingchen-demo.cn',
        phoneNumber: '13800000004',
        position: '4',
        activeState: 0,
        isReceiveNotify: 0,
        isWebsiteManage: 1,
        createdAt: daysAgo(at, 30),
      },
      {
        accountId: main,
        fullName: '王东华',
        mailbox: DEMO_PENDING_SUB_ADMIN.mailbox,
        phoneNumber: DEMO_PENDING_SUB_ADMIN.phone,
        position: '3',
        activeState: 0,
        isReceiveNotify: 1,
        isWebsiteManage: 1,
        createdAt: daysAgo(at, 1),
      },
    ])
    .returning({ id: subAccounts.id })

  // 赵运营's link has expired (sent 30 days ago); 王东华's is outstanding.
  const expiredCode = newToken()
  const activeCode = newToken()
  await tx.insert(subAccountActivations).values([
    {
      subAccountId: expired.id,
      codeHash: hashToken(expiredCode),
      createdAt: daysAgo(at, 30),
      expiresAt: later(daysAgo(at, 30), ACTIVATION_TTL_MS),
    },
    {
      subAccountId: pending.id,
      codeHash: hashToken(activeCode),
      createdAt: daysAgo(at, 1),
      expiresAt: later(daysAgo(at, 1), ACTIVATION_TTL_MS),
    },
  ])
  const link = activationPath(activeCode)
  const text = `星辰科技邀请您成为子管理员，请在7天内打开链接激活：${link}`
  await tx.insert(sandboxMessages).values([
    {
      channel: 'sms',
      recipient: DEMO_PENDING_SUB_ADMIN.phone,
      subject: '子管理员激活',
      body: `【会员中心】${text}`,
      link,
      createdAt: daysAgo(at, 1),
    },
    {
      channel: 'email',
      recipient: DEMO_PENDING_SUB_ADMIN.mailbox,
      subject: '会员中心子管理员激活',
      body: `王东华，您好！${text}`,
      link,
      createdAt: daysAgo(at, 1),
    },
  ])

  await tx.insert(accountVipServers).values([
    { accountId: main, name: '陈经理', qrCode: DEMO_VIP_QR_CODE },
    { accountId: other, name: '刘经理', qrCode: null },
  ])
}
