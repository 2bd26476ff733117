// Demo recipients (receiver confirmation): the sub-admins whose 接收通知 is on, confirmed
// but for the not-yet-activated 王东华; two recipients of 星辰科技 added by hand, one half confirmed,
// one whose SMS link has expired (its message is in the dev outbox); one of 云帆贸易.
import { and, eq, isNull } from 'drizzle-orm'
import { VALIDATE_TYPE } from '../../src/core/contract/recipients'
import { later } from '../context'
import { hashToken, newToken } from '../security/tokens'
import { VALIDATE_TTL_MS, validatePath } from '../services/recipients/recipients'
import { sandboxMessages, recipients, recipientValidations, subAccounts } from '../db/schema'
import { daysAgo, type DemoIds } from './support'
import type { Tx } from '../db/client'

/** 钱小知: the recipient whose SMS confirmation link (in the outbox) has expired. */
export const DEMO_EXPIRED_RECIPIENT = { phone: '13800000022', mailbox: 'qianxz@xingchen-demo.cn' }

export async function seedRecipients(tx: Tx, ids: DemoIds): Promise<void> {
  const { at, main, other } = ids
  const receiving = await tx
    .select()
    .from(subAccounts)
    .where(and(eq(subAccounts.isReceiveNotify, 1), isNull(subAccounts.deletedAt)))
  if (receiving.length > 0) {
    await tx.insert(recipients).values(
      receiving.map((s) => {
        const confirmed = s.activeState === 1 ? 1 : 0
        return {
          accountId: s.accountId,
          subAccountId: s.id,
          fullName: s.fullName,
          mailbox: s.mailbox,
          phone: s.phoneNumber,
          position: s.position,
          smsValidated: confirmed,
          emailValidated: confirmed,
          createdAt: s.createdAt,
        }
      }),
    )
  }

  const [, expired] = await tx
    .insert(recipients)
    .values([
      {
        accountId: main,
        fullName: '孙晓通',
        mailbox: 'sunxt@xingchen-demo.cn',
        phone: '13800000021',
        position: '4',
        smsValidated: 1,
        createdAt: daysAgo(at, 20),
      },
      {
        accountId: main,
        fullName: '钱小知',
        mailbox: DEMO_EXPIRED_RECIPIENT.mailbox,
        phone: DEMO_EXPIRED_RECIPIENT.phone,
        position: '5',
        createdAt: daysAgo(at, 3),
      },
      {
        accountId: other,
        fullName: '周云帆',
        mailbox: 'zhouyf@yunfan-demo.cn',
        phone: '13800000031',
        position: '2',
        createdAt: daysAgo(at, 10),
      },
    ])
    .returning()

  const code = newToken()
  const sentAt = daysAgo(at, 3)
  const expiresAt = later(sentAt, VALIDATE_TTL_MS)
  await tx.insert(recipientValidations).values({
    recipientId: expired.id,
    validateType: VALIDATE_TYPE.sms,
    target: expired.phone,
    codeHash: hashToken(code),
    createdAt: sentAt,
    expiresAt,
  })
  const link = validatePath(code, VALIDATE_TYPE.sms, expiresAt)
  await tx.insert(sandboxMessages).values({
    channel: 'sms',
    recipient: expired.phone,
    subject: '接收人验证',
    body: `【会员中心】星辰科技将您添加为通知接收人，请在24小时内打开链接完成验证：${link}`,
    link,
    createdAt: sentAt,
  })
}
