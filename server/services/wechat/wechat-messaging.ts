// WeChat as a notification channel: the notifier asks `plan` which of a notification's people a
// subscription message can reach (an openid and an acceptance left, taken in the notifier's
// transaction: the mini-program's first, else the official account's from WeChat's browser), and
// each becomes one 'wechat' outbox row carrying the SMS and mail that person would otherwise get. The outbox sends the row through `sender`; when WeChat answers 43101
// (refused, or nothing left on its side) the acceptances are emptied and the carried SMS and mail
// are queued instead, so a member hears of an event once per channel either way.
import { sql } from 'drizzle-orm'
import type { WechatApp, WechatTemplate } from '../../../src/core/contract/wechat-messages'
import { findRoute, pagePath } from '../../../src/core/routing/routes'
import type { WechatAppCredentials } from '../../config'
import type { AppContext } from '../../context'
import { rateLimitWindows } from '../../db/schema'
import {
  createAccessTokens,
  fetchWechatHttp,
  FORCED_REFRESH_DAILY_LIMIT,
  type AccessTokens,
  type WechatHttp,
} from '../../providers/wechat/access-token'
import { WECHAT_ERRCODE, wechatMessaging, type WechatMessageGateway } from '../../providers/wechat/messages'
import { sandboxWechatMessages } from '../../providers/wechat/sandbox'
import { WECHAT_API_ORIGIN } from '../../config/wechat'
import type { Person } from '../notifications/audience'
import type { ChannelSender, Outbox, QueuedMessage, Tx } from '../outbox/outbox'
import type { WechatParams } from '../outbox/outgoing-texts'
import { messageData, type TemplateValues } from './message-fields'
import { exhaustSubscription, takeSubscription } from './subscription-quota'
import { openidsOf } from './wechat-ids'

/**
 * What a notification says on WeChat: the template, its values and the console page it opens (its
 * clean URL with the query, e.g. /workOrderDetail?id=7): in the mini-program, or on the web.
 */
export type WechatNotice = {
  [T in WechatTemplate]: { template: T; values: TemplateValues[T]; path: string }
}[WechatTemplate]

/** One person's WeChat message, and what they would have had instead (queued on a 43101). */
export interface PlannedWechat {
  person: Person
  message: QueuedMessage
}

const DAY_MS = 86_400_000
const BEIJING_OFFSET_MS = 8 * 3_600_000

/** The next Beijing midnight: WeChat counts its daily limits by China's day. */
export function nextBeijingMidnight(at: Date): Date {
  const beijing = at.getTime() + BEIJING_OFFSET_MS
  return new Date(Math.floor(beijing / DAY_MS) * DAY_MS + DAY_MS - BEIJING_OFFSET_MS)
}

/** The mini-program page of a console path (the route table's), with its query. */
export function miniProgramPage(path: string): string {
  const [clean, query] = path.split('?')
  const route = findRoute(clean)
  if (!route) throw new Error(`no route ${clean} in the route table`)
  return query ? `${pagePath(route)}?${query}` : pagePath(route)
}

/** The apps a message may go through, the mini-program's first: its page opens in place. */
const APPS: readonly WechatApp[] = ['mini', 'oa']

export function createWechatMessaging(ctx: AppContext, { outbox }: { outbox: Outbox }) {
  const { db, config, now, log } = ctx
  const settings = config.wechatMessaging
  const mini = config.wechatMini
  /** The console's address a web message opens (PUBLIC_ORIGIN; the sandbox's own without it). */
  const webOrigin = () => config.publicOrigin ?? `http://localhost:${config.port || 8080}`
  // The real client in production, or against a stand-in WeChat (WECHAT_API_BASE, or a test's
  // injected http); the sandbox records each message otherwise.
  const fake = settings.apiOrigin !== WECHAT_API_ORIGIN || ctx.wechatHttp !== undefined
  const http: WechatHttp = ctx.wechatHttp ?? fetchWechatHttp
  /** WeChat itself (or its stand-in) answers; otherwise the development sandbox records. */
  const live = config.production || fake

  /** Counts a forced token refresh for WeChat's day, across instances; false past the limit. */
  async function allowForcedRefresh(appId: string): Promise<boolean> {
    const at = now()
    // A timestamp parameter inside raw SQL is sent as text: ISO, so every driver reads it alike.
    const atValue = sql`${at.toISOString()}::timestamptz`
    const [row] = await db
      .insert(rateLimitWindows)
      .values({
        key: `wechat-token-refresh|${appId}`.slice(0, 128),
        count: 1,
        endsAt: nextBeijingMidnight(at),
      })
      .onConflictDoUpdate({
        target: rateLimitWindows.key,
        set: {
          count: sql`case when ${rateLimitWindows.endsAt} <= ${atValue} then 1 else ${rateLimitWindows.count} + 1 end`,
          endsAt: sql`case when ${rateLimitWindows.endsAt} <= ${atValue} then excluded.ends_at else ${rateLimitWindows.endsAt} end`,
        },
      })
      .returning({ count: rateLimitWindows.count })
    const allowed = (row?.count ?? Infinity) <= FORCED_REFRESH_DAILY_LIMIT
    if (!allowed) log.error({ appId }, 'WeChat access token: no forced refresh left today')
    return allowed
  }

  const tokensOf = (app: WechatAppCredentials | null): AccessTokens | undefined =>
    app && live
      ? createAccessTokens({ app, origin: settings.apiOrigin, http, now, allowForcedRefresh })
      : undefined
  const tokens = { mini: tokensOf(mini), oa: tokensOf(config.wechatOauth) }

  const gateway: WechatMessageGateway | null = live
    ? wechatMessaging({
        origin: settings.apiOrigin,
        http,
        tokens,
        mini,
        miniprogramState: settings.miniprogramState,
        log,
      })
    : sandboxWechatMessages(db, now, log)

  /** The page a message opens: the mini-program's page, or the console's web address. */
  const pageOf = (app: WechatApp, path: string) =>
    app === 'mini' ? miniProgramPage(path) : `${webOrigin()}${path}`

  /**
   * The people a notification's WeChat message can reach now, each with the acceptance taken (in
   * `tx`, so it stands or falls with the notification) and the SMS and mail they would have had.
   */
  async function plan(
    tx: Tx & Pick<AppContext['db'], 'update'>,
    accountId: number,
    notice: WechatNotice,
    people: { person: Person; fallback: QueuedMessage[] }[],
  ): Promise<PlannedWechat[]> {
    if (!gateway || !people.length) return []
    const memberIds = people.flatMap(({ person }) => (person.memberId ? [person.memberId] : []))
    const openids = { mini: await openidsOf(tx, memberIds, 'mini'), oa: await openidsOf(tx, memberIds, 'oa') }
    const at = now()
    const data = JSON.stringify(messageData(notice.template, notice.values as never))
    const planned: PlannedWechat[] = []
    for (const { person, fallback } of people) {
      const memberId = person.memberId
      if (!memberId) continue
      for (const app of APPS) {
        const templateId = settings.templates[app][notice.template]
        const openid = openids[app].get(memberId)
        if (!templateId || !openid) continue
        if (!(await takeSubscription(tx, memberId, app, notice.template, at))) continue
        const params: WechatParams = {
          app,
          memberId: String(memberId),
          wechatTemplate: notice.template,
          templateId,
          page: pageOf(app, notice.path),
          data,
          fallback: JSON.stringify(fallback),
        }
        planned.push({
          person,
          message: {
            channel: 'wechat',
            recipient: openid,
            template: notice.template,
            params,
            accountId,
            ttlMs: DAY_MS,
          },
        })
        break
      }
    }
    return planned
  }

  /** The outbox's sender of 'wechat' rows; a 43101 queues what the member would otherwise have had. */
  const sender: ChannelSender = async (row, params) => {
    const wechat = params as WechatParams
    if (!gateway) return { outcome: 'refused', reason: 'other', code: 'not configured', misconfigured: true }
    const app = wechat.app as WechatApp
    const result = await gateway.send({
      app,
      openid: row.recipient,
      templateId: wechat.templateId,
      page: wechat.page,
      data: JSON.parse(wechat.data) as Record<string, string>,
    })
    if (result.outcome === 'refused' && result.code === `wechat ${WECHAT_ERRCODE.refused}`) {
      const fallback = JSON.parse(wechat.fallback || '[]') as QueuedMessage[]
      await db.transaction(async (tx) => {
        await exhaustSubscription(
          tx,
          Number(wechat.memberId),
          app,
          wechat.wechatTemplate as WechatTemplate,
          now(),
        )
        if (fallback.length)
          await outbox.enqueueMany(
            tx,
            fallback.map((message) => ({ message })),
          )
      })
    }
    return result
  }
  outbox.useChannel('wechat', sender)

  return { plan, sender, tokens, live }
}

export type WechatMessaging = ReturnType<typeof createWechatMessaging>
