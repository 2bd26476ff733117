// The member's side of WeChat's one-time subscriptions (消息接收管理's 微信): what each template can
// still deliver to the session member, and what the member answered in wx.requestSubscribeMessage.
// Each member sees and writes only its own rows; the notifier spends them (subscription-quota.ts).
import { and, eq, isNotNull } from 'drizzle-orm'
import {
  SUBSCRIBE_ANSWERS,
  SUBSCRIPTION_MSG,
  WECHAT_APPS,
  WECHAT_TEMPLATES,
  type SaveSubscriptionsRequest,
  type SubscribeAnswer,
  type Subscriptions,
  type WechatApp,
  type WechatTemplate,
} from '../../../src/core/contract/wechat-messages'
import type { AppContext } from '../../context'
import { members, wechatSubscriptions } from '../../db/schema'
import type { Viewer } from '../shared/viewer'
import { invalid } from '../shared/errors'
import { addSubscriptions } from './subscription-quota'
import { openidsOf } from './wechat-ids'

const isApp = (value: unknown): value is WechatApp => WECHAT_APPS.includes(value as WechatApp)
const isTemplate = (value: string): value is WechatTemplate =>
  WECHAT_TEMPLATES.includes(value as WechatTemplate)
const isAnswer = (value: unknown): value is SubscribeAnswer =>
  SUBSCRIBE_ANSWERS.includes(value as SubscribeAnswer)

/** The answers by template, or null when any key or value is not one WeChat could have given. */
function answersOf(raw: unknown): [WechatTemplate, SubscribeAnswer][] | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null
  const entries = Object.entries(raw)
  if (!entries.length) return null
  if (!entries.every(([template, answer]) => isTemplate(template) && isAnswer(answer))) return null
  return entries as [WechatTemplate, SubscribeAnswer][]
}

export function createWechatSubscriptions(ctx: AppContext) {
  const { db, now, config } = ctx

  /**
   * Whether a message of `app` can reach the member: WeChat gave us its openid there. The sandbox
   * (outside production) has no real mini-program login to record one, so a member whose login
   * identity is a WeChat openid counts for 'mini' there.
   */
  async function canReceive(memberId: number, app: WechatApp): Promise<boolean> {
    if ((await openidsOf(db, [memberId], app)).has(memberId)) return true
    if (config.production || app !== 'mini') return false
    const [bound] = await db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.id, memberId), isNotNull(members.wxOpenId)))
    return Boolean(bound)
  }

  async function state(viewer: Viewer, app: unknown): Promise<Subscriptions> {
    if (!isApp(app)) throw invalid(SUBSCRIPTION_MSG.badApp)
    const rows = await db
      .select()
      .from(wechatSubscriptions)
      .where(and(eq(wechatSubscriptions.memberId, viewer.memberId), eq(wechatSubscriptions.app, app)))
    const ids = config.wechatMessaging.templates[app]
    return {
      app,
      canReceive: await canReceive(viewer.memberId, app),
      templates: WECHAT_TEMPLATES.map((template) => {
        const row = rows.find((candidate) => candidate.template === template)
        return {
          template,
          templateId: ids[template] ?? '',
          remaining: row?.remaining ?? 0,
          refused: Boolean(row?.refusedAt),
        }
      }),
    }
  }

  /**
   * Records one request's answers: an acceptance buys one message (and clears a remembered
   * refusal), a refusal is remembered with the messages left unchanged, 'filter' (WeChat did not
   * know the template id) says nothing about the member. Answers the new state.
   */
  async function save(viewer: Viewer, request: Partial<SaveSubscriptionsRequest>): Promise<Subscriptions> {
    if (!isApp(request.app)) throw invalid(SUBSCRIPTION_MSG.badApp)
    const answers = answersOf(request.answers)
    if (!answers) throw invalid(SUBSCRIPTION_MSG.badAnswers)
    const app = request.app
    const at = now()
    await db.transaction(async (tx) => {
      for (const [template, answer] of answers) {
        if (answer === 'accept') await addSubscriptions(tx, viewer.memberId, app, template, 1, at)
        if (answer === 'reject' || answer === 'ban')
          await tx
            .insert(wechatSubscriptions)
            .values({ memberId: viewer.memberId, app, template, remaining: 0, refusedAt: at, updatedAt: at })
            .onConflictDoUpdate({
              target: [wechatSubscriptions.memberId, wechatSubscriptions.app, wechatSubscriptions.template],
              set: { refusedAt: at, updatedAt: at },
            })
      }
    })
    return state(viewer, app)
  }

  return { state, save }
}

export type WechatSubscriptionService = ReturnType<typeof createWechatSubscriptions>
