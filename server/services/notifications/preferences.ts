// 消息接收管理: per account and category, who hears it on each channel, and the quiet
// hours. Read by the notifier for many accounts at once; read and saved whole by the main account
// (GET / POST /api/notify/settings). Every rule is checked here, whatever the client allows.
import { and, inArray } from 'drizzle-orm'
import { maskMailbox, maskPhone } from '../../../src/core/format/mask'
import {
  defaultAudience,
  NOTIFY_CATEGORY,
  NOTIFY_CHANNELS,
  NOTIFY_MESSAGES,
  NOTIFY_SETTINGS_LOG,
  OWNER,
  recipientKey,
  subAdminKey,
  WECHAT_CATEGORIES,
  type Audience,
  type AudienceCandidate,
  type NotificationSettings,
  type NotifyCategory,
  type QuietHours,
} from '../../../src/core/contract/notifications'
import type { AppContext } from '../../context'
import type { Database } from '../../db/client'
import { notificationPreferences, notificationSettings } from '../../db/schema'
import { OPERATE_STATUS, OPERATE_TYPE, type OperateLog } from '../operate-log/operate-log'
import type { Viewer } from '../shared/viewer'
import { forbidden, invalid } from '../shared/errors'
import type { RoleService } from '../shared/roles'
import { parseKey, peopleOf, personOf, type AccountPeople } from './audience'
import { QUIET_TIME } from './quiet-hours'

type Reader = Pick<Database, 'select'>

export const CATEGORIES = Object.values(NOTIFY_CATEGORY) as NotifyCategory[]
const isCategory = (value: unknown): value is NotifyCategory => CATEGORIES.includes(value as NotifyCategory)

const audienceKey = (accountId: number, category: string) => `${accountId}:${category}`

/**
 * A stored audience as the contract shapes it: a channel missing from the row names no one, but
 * WeChat, added after rows were saved, takes its default until the table is saved again.
 */
function audienceOf(stored: Record<string, string[]>, category: NotifyCategory): Audience {
  const keys = (channel: string) => (Array.isArray(stored[channel]) ? stored[channel].map(String) : [])
  const wechat = Array.isArray(stored.wechat) ? keys('wechat') : defaultAudience(category).wechat
  return { inbox: keys('inbox'), sms: keys('sms'), email: keys('email'), wechat }
}

/** The audience of each (account, category) asked for: the saved one, else the defaults. */
export async function audiencesOf(
  db: Reader,
  pairs: { accountId: number; category: NotifyCategory }[],
): Promise<(accountId: number, category: NotifyCategory) => Audience> {
  const accountIds = [...new Set(pairs.map((pair) => pair.accountId))]
  const categories = [...new Set(pairs.map((pair) => pair.category))]
  const rows = accountIds.length
    ? await db
        .select()
        .from(notificationPreferences)
        .where(
          and(
            inArray(notificationPreferences.accountId, accountIds),
            inArray(notificationPreferences.category, categories),
          ),
        )
    : []
  const saved = new Map(
    rows.map((row) => [
      audienceKey(row.accountId, row.category),
      audienceOf(row.audience, row.category as NotifyCategory),
    ]),
  )
  return (accountId, category) => saved.get(audienceKey(accountId, category)) ?? defaultAudience(category)
}

/** The quiet hours of each account (none when unset). */
export async function quietHoursOf(db: Reader, accountIds: number[]): Promise<Map<number, QuietHours>> {
  const ids = [...new Set(accountIds)]
  if (!ids.length) return new Map()
  const rows = await db
    .select()
    .from(notificationSettings)
    .where(inArray(notificationSettings.accountId, ids))
  return new Map(
    rows.flatMap((row) =>
      row.quietStart && row.quietEnd
        ? [[row.accountId, { start: row.quietStart, end: row.quietEnd }] as const]
        : [],
    ),
  )
}

/** Everyone a cell may name, as the settings list them (addresses masked). */
function candidatesOf(people: AccountPeople): AudienceCandidate[] {
  const candidate = (
    key: string,
    kind: AudienceCandidate['kind'],
    person: { name: string; phone: string | null; email: string | null },
  ): AudienceCandidate => ({
    key,
    name: person.name,
    kind,
    phone: maskPhone(person.phone),
    email: maskMailbox(person.email),
  })
  return [
    candidate(OWNER, 'owner', people.owner),
    ...[...people.subAdmins].map(([id, person]) => candidate(subAdminKey(id), 'subAdmin', person)),
    ...[...people.recipients].map(([id, person]) => candidate(recipientKey(id), 'recipient', person)),
  ]
}

/** A save as it arrives: the contract's shape, any part of it possibly missing. */
export interface SavedTable {
  categories?: { category?: string; audience?: Partial<Audience> }[]
  quietHours?: Partial<QuietHours> | null
}

/**
 * A saved table checked against the account's people: known categories, once each; keys naming
 * people of this account reachable on that channel; 账号安全's inbox keeps the owner; quiet hours
 * two different HH:MM times. Returns the audiences to store (the owner's inbox always in them).
 */
export function checkedSettings(
  request: SavedTable,
  people: AccountPeople,
): { audiences: Map<NotifyCategory, Audience>; quietHours: QuietHours | null } {
  const audiences = new Map<NotifyCategory, Audience>()
  for (const row of request.categories ?? []) {
    if (!isCategory(row?.category)) throw invalid(NOTIFY_MESSAGES.unknownCategory)
    if (audiences.has(row.category)) throw invalid(NOTIFY_MESSAGES.repeatedCategory)
    audiences.set(row.category, checkedAudience(row.category, row.audience, people))
  }
  return { audiences, quietHours: checkedQuietHours(request.quietHours) }
}

function checkedAudience(
  category: NotifyCategory,
  audience: Partial<Audience> | undefined,
  people: AccountPeople,
): Audience {
  const checked = {} as Audience
  for (const channel of NOTIFY_CHANNELS) {
    const keys = [...new Set(audience?.[channel] ?? [])]
    for (const key of keys) {
      const parsed = parseKey(key)
      if (channel === 'inbox' && parsed?.kind === 'rcpt') throw invalid(NOTIFY_MESSAGES.recipientInbox)
      if (channel === 'wechat' && parsed?.kind === 'rcpt') throw invalid(NOTIFY_MESSAGES.recipientWechat)
      if (channel === 'wechat' && !WECHAT_CATEGORIES.includes(category))
        throw invalid(NOTIFY_MESSAGES.wechatCategory)
      const person = personOf(people, key)
      const reachable =
        channel === 'inbox' ||
        channel === 'wechat' ||
        Boolean(channel === 'sms' ? person?.phone : person?.email)
      if (!person || !reachable) throw invalid(NOTIFY_MESSAGES.unknownPerson)
    }
    checked[channel] = keys
  }
  if (!checked.inbox.includes(OWNER)) {
    if (category === NOTIFY_CATEGORY.security) throw invalid(NOTIFY_MESSAGES.securityInbox)
    // 站内信 to the owner is always on: a table without it still means it.
    checked.inbox = [OWNER, ...checked.inbox]
  }
  return checked
}

function checkedQuietHours(quiet: Partial<QuietHours> | null | undefined): QuietHours | null {
  if (!quiet) return null
  const start = String(quiet.start ?? '').trim()
  const end = String(quiet.end ?? '').trim()
  if (!QUIET_TIME.test(start) || !QUIET_TIME.test(end)) throw invalid(NOTIFY_MESSAGES.badTime)
  if (start === end) throw invalid(NOTIFY_MESSAGES.sameTime)
  return { start, end }
}

export function createPreferences(
  { db, now }: AppContext,
  { operateLog, roles }: { operateLog: OperateLog; roles: RoleService },
) {
  /** GET /api/notify/settings: every category with its audience, the candidates, the quiet hours. */
  async function read(viewer: Pick<Viewer, 'accountId'>): Promise<NotificationSettings> {
    const people = (await peopleOf(db, [viewer.accountId])).get(viewer.accountId)
    if (!people) throw invalid(NOTIFY_MESSAGES.unknownPerson)
    const audienceFor = await audiencesOf(
      db,
      CATEGORIES.map((category) => ({ accountId: viewer.accountId, category })),
    )
    const quiet = await quietHoursOf(db, [viewer.accountId])
    return {
      categories: CATEGORIES.map((category) => ({
        category,
        audience: audienceFor(viewer.accountId, category),
      })),
      candidates: candidatesOf(people),
      quietHours: quiet.get(viewer.accountId) ?? null,
    }
  }

  /** POST /api/notify/settings: checks everything, then writes it all and one log entry in one transaction. */
  async function save(viewer: Viewer, request: SavedTable, ip: string) {
    // The log names who acted (the member account), so the role is read as held now.
    const actor = await roles.heldRole(viewer.memberId, viewer)
    if (!actor) throw forbidden()
    const people = (await peopleOf(db, [actor.accountId])).get(actor.accountId)
    if (!people) throw invalid(NOTIFY_MESSAGES.unknownPerson)
    const { audiences, quietHours } = checkedSettings(request, people)
    const at = now()
    await db.transaction(async (tx) => {
      for (const [category, audience] of audiences)
        await tx
          .insert(notificationPreferences)
          .values({ accountId: actor.accountId, category, audience, updatedAt: at })
          .onConflictDoUpdate({
            target: [notificationPreferences.accountId, notificationPreferences.category],
            set: { audience, updatedAt: at },
          })
      const quiet = {
        quietStart: quietHours?.start ?? null,
        quietEnd: quietHours?.end ?? null,
        updatedAt: at,
      }
      await tx
        .insert(notificationSettings)
        .values({ accountId: actor.accountId, ...quiet })
        .onConflictDoUpdate({ target: notificationSettings.accountId, set: quiet })
      await operateLog.record(
        actor,
        {
          type: OPERATE_TYPE.notifySettings,
          content: NOTIFY_SETTINGS_LOG,
          status: OPERATE_STATUS.success,
          ip,
        },
        tx,
      )
    })
    return read(actor)
  }

  return { read, save }
}

export type Preferences = ReturnType<typeof createPreferences>
