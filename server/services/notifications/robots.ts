// 群机器人 (消息接收管理): per account and notification category, one WeCom, DingTalk or Feishu robot
// the notifier also posts the category's notices to, through the outbox ('robot' rows, recipient the
// robot's id). The webhook address and the signing secret are sealed with DATA_ENCRYPTION_KEY and
// only the masked address is ever shown. Main account only (the routes' guard); every rule is
// checked here, whatever the client allows.
import { and, count, eq, inArray } from 'drizzle-orm'
import {
  NOTIFY_CATEGORY,
  NOTIFY_CATEGORY_LABEL,
  NOTIFY_MESSAGES,
  type NotifyCategory,
} from '../../../src/core/contract/notifications'
import {
  ROBOT_LOG,
  ROBOT_MESSAGES,
  ROBOT_PLATFORM_LABEL,
  ROBOT_TEST_MESSAGE,
  type GroupRobot,
  type RobotPlatform,
  type RobotTestAnswer,
} from '../../../src/core/contract/robots'
import {
  maskRobotWebhook,
  parseRobotWebhook,
  robotSecretError,
} from '../../../src/core/validation/robot-webhook'
import type { AppContext } from '../../context'
import type { Database } from '../../db/client'
import { groupRobots } from '../../db/schema'
import type { DeliveryResult } from '../../providers/delivery'
import { createRobotPoster, type RobotMessage, type RobotPoster } from '../../providers/robots/index'
import { seal, unseal } from '../../security/data-encryption'
import type { Viewer } from '../shared/viewer'
import { OPERATE_STATUS, OPERATE_TYPE, type OperateLog } from '../operate-log/operate-log'
import type { ChannelSender, OutboxRow } from '../outbox/outbox'
import type { RobotParams } from '../outbox/outgoing-texts'
import { forbidden, invalid, notConfigured, tooManyRequests } from '../shared/errors'
import type { RoleService } from '../shared/roles'

type Reader = Pick<Database, 'select'>

/** 发送测试 posts one account may make in a minute: enough to fix a robot, too few to spam a group. */
export const ROBOT_TESTS_PER_MINUTE = 5
const MINUTE_MS = 60_000

const SERVICE_NAME = '群机器人'
const CATEGORIES = Object.values(NOTIFY_CATEGORY) as string[]
const isCategory = (value: unknown): value is NotifyCategory => CATEGORIES.includes(value as string)

/** Whether any robot is stored: production refuses to start without DATA_ENCRYPTION_KEY then. */
export async function storesSealedRobots(db: Reader): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(groupRobots)
  return (row?.total ?? 0) > 0
}

/** The robot of each (account, category) that has one, by `${accountId}:${category}`: its id. */
export async function robotIdsOf(db: Reader, accountIds: number[]): Promise<Map<string, number>> {
  const ids = [...new Set(accountIds)]
  if (!ids.length) return new Map()
  const rows = await db
    .select({ id: groupRobots.id, accountId: groupRobots.accountId, category: groupRobots.category })
    .from(groupRobots)
    .where(inArray(groupRobots.accountId, ids))
  return new Map(rows.map((row) => [`${row.accountId}:${row.category}`, row.id]))
}

export interface SaveRobotRequest {
  category?: string
  url?: string
  secret?: string | null
}

export function createGroupRobots(
  { db, config, now, log }: AppContext,
  {
    operateLog,
    roles,
    poster = createRobotPoster({ base: config.production ? null : config.robotWebhookBase, now }),
  }: { operateLog: OperateLog; roles: RoleService; poster?: RobotPoster },
) {
  const testsByAccount = new Map<number, number[]>()

  function dataKey(): Buffer {
    if (!config.dataEncryptionKey) throw notConfigured(SERVICE_NAME)
    return config.dataEncryptionKey
  }

  function categoryOf(value: unknown): NotifyCategory {
    if (!isCategory(value)) throw invalid(NOTIFY_MESSAGES.unknownCategory)
    return value
  }

  /** GET /api/notify/robots: the account's robots, addresses masked. */
  async function list(viewer: Pick<Viewer, 'accountId'>): Promise<GroupRobot[]> {
    const rows = await db.select().from(groupRobots).where(eq(groupRobots.accountId, viewer.accountId))
    const order = (category: string) => CATEGORIES.indexOf(category)
    return rows
      .sort((a, b) => order(a.category) - order(b.category))
      .map((row) => ({
        category: row.category as NotifyCategory,
        platform: row.platform as RobotPlatform,
        maskedUrl: row.maskedUrl,
        signed: Boolean(row.sealedSecret),
        updatedAt: row.updatedAt.toISOString(),
      }))
  }

  /** The member acting as the main account, as held now (the log names them). */
  async function actorOf(viewer: Viewer) {
    const actor = await roles.heldRole(viewer.memberId, viewer)
    if (!actor) throw forbidden()
    return actor
  }

  /** POST /api/notify/robots: sets or replaces the category's robot; one log entry. */
  async function save(viewer: Viewer, request: SaveRobotRequest, ip: string): Promise<GroupRobot[]> {
    const category = categoryOf(request.category)
    const webhook = parseRobotWebhook(String(request.url ?? ''))
    if ('error' in webhook) throw invalid(webhook.error)
    const secret = String(request.secret ?? '').trim()
    const secretError = robotSecretError(webhook.platform, secret)
    if (secretError) throw invalid(secretError)
    const key = dataKey()
    const actor = await actorOf(viewer)
    const at = now()
    const sealed = {
      platform: webhook.platform,
      sealedUrl: seal(key, webhook.url),
      sealedSecret: secret ? seal(key, secret) : null,
      maskedUrl: maskRobotWebhook(webhook),
      updatedAt: at,
    }
    await db.transaction(async (tx) => {
      await tx
        .insert(groupRobots)
        .values({ accountId: actor.accountId, category, ...sealed, createdAt: at })
        .onConflictDoUpdate({ target: [groupRobots.accountId, groupRobots.category], set: sealed })
      const content = ROBOT_LOG.saved(NOTIFY_CATEGORY_LABEL[category], ROBOT_PLATFORM_LABEL[webhook.platform])
      await operateLog.record(
        actor,
        { type: OPERATE_TYPE.notifySettings, content, status: OPERATE_STATUS.success, ip },
        tx,
      )
    })
    return list(actor)
  }

  /** POST /api/notify/robots/delete: removes the category's robot (queued posts to it are dropped). */
  async function remove(viewer: Viewer, request: { category?: string }, ip: string): Promise<GroupRobot[]> {
    const category = categoryOf(request.category)
    const actor = await actorOf(viewer)
    await db.transaction(async (tx) => {
      const removed = await tx
        .delete(groupRobots)
        .where(and(eq(groupRobots.accountId, actor.accountId), eq(groupRobots.category, category)))
        .returning({ id: groupRobots.id })
      if (!removed.length) throw invalid(ROBOT_MESSAGES.noRobot)
      const content = ROBOT_LOG.deleted(NOTIFY_CATEGORY_LABEL[category])
      await operateLog.record(
        actor,
        { type: OPERATE_TYPE.notifySettings, content, status: OPERATE_STATUS.success, ip },
        tx,
      )
    })
    return list(actor)
  }

  /** At most ROBOT_TESTS_PER_MINUTE test posts per account (this instance) in a sliding minute. */
  function admitTest(accountId: number): void {
    const since = now().getTime() - MINUTE_MS
    const recent = (testsByAccount.get(accountId) ?? []).filter((at) => at > since)
    if (recent.length >= ROBOT_TESTS_PER_MINUTE) throw tooManyRequests(ROBOT_MESSAGES.testTooOften)
    testsByAccount.set(accountId, [...recent, now().getTime()])
  }

  /** The robot's address and secret, unsealed; null when the key cannot open them. */
  function unsealed(row: typeof groupRobots.$inferSelect) {
    const key = dataKey()
    const url = unseal(key, row.sealedUrl)
    const secret = row.sealedSecret ? unseal(key, row.sealedSecret) : null
    if (url === null || (row.sealedSecret && secret === null)) return null
    return { url, secret }
  }

  /** POST /api/notify/robots/test: one post now (within the poster's time limit); the robot's answer. */
  async function test(viewer: Viewer, request: { category?: string }): Promise<RobotTestAnswer> {
    const category = categoryOf(request.category)
    const [row] = await db
      .select()
      .from(groupRobots)
      .where(and(eq(groupRobots.accountId, viewer.accountId), eq(groupRobots.category, category)))
    if (!row) throw invalid(ROBOT_MESSAGES.noRobot)
    const target = unsealed(row)
    if (!target) throw notConfigured(SERVICE_NAME)
    admitTest(viewer.accountId)
    const answer = await poster.post(target, {
      ...ROBOT_TEST_MESSAGE,
      title: `${ROBOT_TEST_MESSAGE.title}（${NOTIFY_CATEGORY_LABEL[category]}）`,
    })
    return testAnswer(answer.result, answer.detail)
  }

  /** The outbox's sender of 'robot' rows: the robot by id, still the row's account's. */
  const sender: ChannelSender = async (row: OutboxRow, params) => {
    const [robot] = await db
      .select()
      .from(groupRobots)
      .where(eq(groupRobots.id, Number(row.recipient)))
    if (!robot || robot.accountId !== row.accountId)
      return { outcome: 'refused', reason: 'invalidRecipient', code: 'robot removed' }
    const target = config.dataEncryptionKey ? unsealed(robot) : null
    if (!target) {
      log.error({ outboxId: row.id }, 'group robot address cannot be unsealed: DATA_ENCRYPTION_KEY changed?')
      return { outcome: 'refused', reason: 'other', code: 'unsealable', misconfigured: true }
    }
    const { title, text, path } = params as RobotParams
    const message: RobotMessage = { title, text }
    if (path && config.publicOrigin) message.link = `${config.publicOrigin}${path}`
    return (await poster.post(target, message)).result
  }

  return { list, save, remove, test, sender }
}

/** What 发送测试 shows: 发送成功, the platform's refusal in its own words, or that it did not answer. */
export function testAnswer(result: DeliveryResult, detail: string | null): RobotTestAnswer {
  if (result.outcome === 'sent') return { ok: true, message: ROBOT_MESSAGES.testSent }
  if (detail) return { ok: false, message: detail }
  if (result.code.startsWith('http 3')) return { ok: false, message: ROBOT_MESSAGES.testRedirected }
  if (result.outcome === 'refused')
    return { ok: false, message: `${ROBOT_MESSAGES.testRefused}（${result.code}）` }
  return { ok: false, message: ROBOT_MESSAGES.testNoAnswer }
}

export type GroupRobots = ReturnType<typeof createGroupRobots>
