// The expiry reminders and the renewal notice. A run reads
// the products whose expiry falls in its window (businesses_expire_idx), works out each one's
// current threshold in Beijing days, and claims it in reminder_sends (business, owner, expiry date,
// threshold) in the same transaction that writes its notice, SMS and mail through the notifier: two
// instances at once, a rerun or a restart never send one twice, and a renewal (a new expiry date) or
// a transfer (a new owner) starts a new series. Batched, so 100,000 products take seconds.
import { and, between, inArray } from 'drizzle-orm'
import { NOTIFY_CATEGORY } from '../../../src/core/contract/notifications'
import {
  expiryNoticeType,
  EXPIRY_NOTICE_TYPE,
  GRACE_DAYS,
  RENEWAL_MODE,
} from '../../../src/core/contract/renewal'
import { formatBeijingTime } from '../../../src/core/format/time'
import { BUSINESS_STATUS } from '../../../src/core/contract/products'
import type { AppContext } from '../../context'
import { businesses, reminderSends } from '../../db/schema'
import type { Executor } from '../checkout/fulfilment'
import type { Notification, Notifier } from '../notifications/notifier'
import { DAY_MS } from '../notifications/quiet-hours'
import {
  beijingDate,
  currentThreshold,
  daysLeft,
  daysLeftText,
  FIRST_THRESHOLD,
} from '../notifications/reminder-schedule'
import { escapeHtml } from '../outbox/outgoing-texts'

/** Where the reminders send people: the renewal centre. */
export const RENEWAL_PATH = '/renewal'
/** Products claimed and notified per transaction. */
const BATCH = 500
/** Reminded: valid, paused, upgrading, and expired within the grace (account-area §4 statuses). */
const REMINDED_STATUSES = [
  BUSINESS_STATUS.valid,
  BUSINESS_STATUS.paused,
  BUSINESS_STATUS.upgrading,
  BUSINESS_STATUS.expired,
]

const businessFields = {
  id: businesses.id,
  accountId: businesses.accountId,
  productName: businesses.productName,
  productVersion: businesses.productVersion,
  productType: businesses.productType,
  websiteName: businesses.websiteName,
  secondDomain: businesses.secondDomain,
  orderCode: businesses.orderCode,
  renewalMode: businesses.renewalMode,
  expireTime: businesses.expireTime,
}
type Product = { [K in keyof typeof businessFields]: (typeof businesses.$inferSelect)[K] }

/** A product's reminder due now. */
interface Due {
  product: Product & { expireTime: Date }
  days: number
  threshold: number
  final: boolean
}

const MINI_PROGRAM = 3
const paragraphs = (...texts: string[]) => texts.map((text) => `<p>${escapeHtml(text)}</p>`).join('')
const expiryText = (at: Date | null) => formatBeijingTime(at, 'YYYY-MM-DD HH:mm')

/** The product as a reminder names it: its name (the site's, when it has one) and version. */
const productLabel = (product: Product) =>
  [product.websiteName || product.productName, product.productVersion].filter(Boolean).join(' ')

/** Detail fields of the notice (account-area §3): a mini-program's domain is its node. */
function detailsOf(product: Product) {
  return {
    productName: product.productName,
    productVersion: product.productVersion,
    ...(product.productType === MINI_PROGRAM
      ? { nodeName: product.secondDomain }
      : { secondDomain: product.secondDomain }),
    expireTime: expiryText(product.expireTime),
    orderCode: product.orderCode,
    targetUrl: RENEWAL_PATH,
  }
}

function reminderTitle({ days, final }: Due): string {
  if (final) return '产品到期提醒（到期不续）'
  if (days > 0) return '产品即将到期提醒'
  return days === 0 ? '产品今日到期提醒' : '产品已过期提醒'
}

/** The WeChat message's short line (a `thing`: at most 20 characters). */
function expiryTip({ days, final }: Due): string {
  if (final) return '已设置到期不续，到期后服务将停止'
  return days >= 0 ? `${daysLeftText(days)}，请及时续费` : `已过期，${GRACE_DAYS}天内仍可续费`
}

/** The reminder's sentences, shared by the notice and the mail. */
function reminderSentences(due: Due): string[] {
  const { product, days, final } = due
  const name = productLabel(product)
  const expiry = expiryText(product.expireTime)
  const when =
    days >= 0
      ? `您的产品「${name}」（${product.secondDomain}）将于 ${expiry} 到期，${daysLeftText(days)}。`
      : `您的产品「${name}」（${product.secondDomain}）已于 ${expiry} 到期，${daysLeftText(days)}；到期后 ${GRACE_DAYS} 天内仍可续费，逾期服务将停止。`
  const next = final
    ? '您已将该产品设置为到期不续，到期后服务将停止；如需继续使用，请在续费管理中续费。'
    : '为避免服务中断，请及时在续费管理中续费。'
  return [when, next]
}

export function createReminders(ctx: AppContext, { notifier }: { notifier: Notifier }) {
  const { db, now, config, log } = ctx

  /** The console's address in the links sent (PUBLIC_ORIGIN; the sandbox's own address without it). */
  const defaultOrigin = () => config.publicOrigin ?? `http://localhost:${config.port || 8080}`

  function reminderOf(due: Due, origin: string): Notification {
    const { product, days, threshold, final } = due
    const link = `${origin}${RENEWAL_PATH}`
    const sentences = reminderSentences(due)
    const title = reminderTitle(due)
    return {
      accountId: product.accountId,
      category: NOTIFY_CATEGORY.renewal,
      notice: {
        type: expiryNoticeType(product.productType, threshold, final),
        title,
        content: paragraphs(...sentences) + `<p><a href="${RENEWAL_PATH}">前往续费管理</a></p>`,
        details: detailsOf(product),
      },
      sms: {
        template: 'expiry',
        params: {
          product: productLabel(product),
          domain: product.secondDomain,
          days: daysLeftText(days),
          link,
          path: RENEWAL_PATH,
        },
      },
      mail: {
        template: 'expiry',
        subject: `【会员中心】${title}`,
        text: `您好！${sentences.join('')}续费管理：${link}`,
        html:
          paragraphs('您好！', ...sentences) +
          `<p><a href="${escapeHtml(link)}">前往续费管理</a>：${escapeHtml(link)}</p>`,
        path: RENEWAL_PATH,
      },
      wechat: {
        template: 'expiry',
        values: { product: productLabel(product), expiresAt: product.expireTime, tip: expiryTip(due) },
        path: RENEWAL_PATH,
      },
    }
  }

  /** The products whose expiry falls within reach of a threshold, with the reminder due now. */
  async function dueAt(at: Date): Promise<Due[]> {
    const from = new Date(at.getTime() - (GRACE_DAYS + 1) * DAY_MS)
    const to = new Date(at.getTime() + (FIRST_THRESHOLD + 1) * DAY_MS)
    const rows = await db
      .select(businessFields)
      .from(businesses)
      .where(and(between(businesses.expireTime, from, to), inArray(businesses.status, REMINDED_STATUSES)))
      .orderBy(businesses.id)
    return rows.flatMap((product) => {
      if (!product.expireTime) return []
      const days = daysLeft(product.expireTime, at)
      const threshold = currentThreshold(days, product.renewalMode)
      if (threshold === null) return []
      const final = product.renewalMode === RENEWAL_MODE.noRenew
      return [{ product: { ...product, expireTime: product.expireTime }, days, threshold, final }]
    })
  }

  /** Claims a batch's reminders and sends the ones this run won, in one transaction. */
  async function sendBatch(batch: Due[], at: Date, origin: string): Promise<number> {
    return db.transaction(async (tx) => {
      const claimed = await tx
        .insert(reminderSends)
        .values(
          batch.map(({ product, threshold }) => ({
            businessId: product.id,
            accountId: product.accountId,
            expireDate: beijingDate(product.expireTime),
            threshold,
            sentAt: at,
          })),
        )
        .onConflictDoNothing()
        .returning({ businessId: reminderSends.businessId })
      const won = new Set(claimed.map((row) => row.businessId))
      const reminders = batch.filter((due) => won.has(due.product.id)).map((due) => reminderOf(due, origin))
      await notifier.sendMany(tx, reminders)
      return reminders.length
    })
  }

  /** Runs the job as of `at` (default now); returns how many reminders it sent. */
  async function run(at: Date = now(), { origin = defaultOrigin() } = {}): Promise<{ sent: number }> {
    const due = await dueAt(at)
    let sent = 0
    for (let start = 0; start < due.length; start += BATCH)
      sent += await sendBatch(due.slice(start, start + BATCH), at, origin)
    if (sent) log.info({ sent, due: due.length }, 'expiry reminders sent')
    return { sent }
  }

  /** The renewal notice for businesses a paid order just renewed (inside that transaction). */
  async function renewed(tx: Executor, businessIds: number[]): Promise<void> {
    if (!businessIds.length) return
    const rows = await tx.select(businessFields).from(businesses).where(inArray(businesses.id, businessIds))
    const link = `${defaultOrigin()}${RENEWAL_PATH}`
    await notifier.sendMany(
      tx,
      rows.map((product) => {
        const expireTime = expiryText(product.expireTime)
        const codes =
          product.productType === MINI_PROGRAM ? EXPIRY_NOTICE_TYPE.miniProgram : EXPIRY_NOTICE_TYPE.site
        const full = `您的产品「${productLabel(product)}」（${product.secondDomain}）已续费成功，新的到期时间为 ${expireTime}。`
        const notification: Notification = {
          accountId: product.accountId,
          category: NOTIFY_CATEGORY.renewal,
          notice: {
            type: codes.renewed,
            title: '续费成功通知',
            content: paragraphs(full),
            details: detailsOf(product),
          },
          sms: { template: 'renewed', params: { product: productLabel(product), expireTime } },
          mail: {
            template: 'renewed',
            subject: '【会员中心】续费成功通知',
            text: `您好！${full}续费管理：${link}`,
            html: paragraphs('您好！', full) + `<p><a href="${escapeHtml(link)}">前往续费管理</a></p>`,
            path: RENEWAL_PATH,
          },
        }
        return notification
      }),
    )
  }

  return { run, renewed }
}

export type Reminders = ReturnType<typeof createReminders>
