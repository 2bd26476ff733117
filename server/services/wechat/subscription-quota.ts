// What each member's one-time subscriptions allow (wechat_subscriptions): one acceptance buys one
// message. The notifier takes one in the transaction that queues the message, so two events never
// spend the same acceptance; WeChat's own 43101 (refused, or nothing left on its side) empties it.
import { and, eq, gt, sql } from 'drizzle-orm'
import type { WechatApp, WechatTemplate } from '../../../src/core/contract/wechat-messages'
import type { Database } from '../../db/client'
import { wechatSubscriptions } from '../../db/schema'

type Tx = Pick<Database, 'update' | 'insert'>

const key = (memberId: number, app: WechatApp, template: WechatTemplate) =>
  and(
    eq(wechatSubscriptions.memberId, memberId),
    eq(wechatSubscriptions.app, app),
    eq(wechatSubscriptions.template, template),
  )

/** Takes one message of the member's acceptances; false when none is left. */
export async function takeSubscription(
  tx: Tx,
  memberId: number,
  app: WechatApp,
  template: WechatTemplate,
  at: Date,
): Promise<boolean> {
  const taken = await tx
    .update(wechatSubscriptions)
    .set({ remaining: sql`${wechatSubscriptions.remaining} - 1`, updatedAt: at })
    .where(and(key(memberId, app, template), gt(wechatSubscriptions.remaining, 0)))
    .returning({ remaining: wechatSubscriptions.remaining })
  return taken.length > 0
}

/** WeChat answered 43101: nothing is left for this template, whatever we counted. */
export async function exhaustSubscription(
  tx: Tx,
  memberId: number,
  app: WechatApp,
  template: WechatTemplate,
  at: Date,
): Promise<void> {
  await tx
    .update(wechatSubscriptions)
    .set({ remaining: 0, updatedAt: at })
    .where(key(memberId, app, template))
}

/** Adds `count` acceptances (a 'accept' answer), clearing a remembered refusal. */
export async function addSubscriptions(
  tx: Tx,
  memberId: number,
  app: WechatApp,
  template: WechatTemplate,
  count: number,
  at: Date,
): Promise<void> {
  await tx
    .insert(wechatSubscriptions)
    .values({ memberId, app, template, remaining: count, refusedAt: null, updatedAt: at })
    .onConflictDoUpdate({
      target: [wechatSubscriptions.memberId, wechatSubscriptions.app, wechatSubscriptions.template],
      set: {
        remaining: sql`least(${wechatSubscriptions.remaining} + ${count}, 50)`,
        refusedAt: null,
        updatedAt: at,
      },
    })
}
