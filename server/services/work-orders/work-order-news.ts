// What a work order's news tells its account (工单进展): an engineer's reply, a request to confirm, a
// work order taken up again, a work order completed (confirmed finished: it can now be rated). The 站内信 reaches the category's audience and the sub-admin who
// submitted it; SMS and mail as the preferences name; WeChat (a subscription message opening the
// detail page) for those who accepted one, instead of their SMS and mail.
import type { WechatTemplate } from '../../../src/core/contract/wechat-messages'
import { noticePlainText } from '../notifications/robot-texts'
import type { Notification } from '../notifications/notifier'
import { escapeHtml } from '../outbox/outgoing-texts'
import { workOrderSentence } from '../outbox/outgoing-texts'

/** account-area §9: 21–23 are work-order notices (22 progress). */
export const WORK_ORDER_NOTICE_TYPE = 22

export type WorkOrderEvent = 'reply' | 'awaitingConfirmation' | 'reopened' | 'completed'

const NEWS: Record<
  WorkOrderEvent,
  { title: string; status: string; progress: string; template: WechatTemplate }
> = {
  reply: {
    title: '工单有新的回复',
    status: '有新的工程师回复',
    progress: '处理中',
    template: 'workOrderReply',
  },
  awaitingConfirmation: {
    title: '工单待您确认',
    status: '已处理完成，待您确认',
    progress: '待确认',
    template: 'awaitingConfirmation',
  },
  reopened: { title: '工单已重新处理', status: '已重新处理', progress: '处理中', template: 'reopened' },
  completed: {
    title: '工单已完成，欢迎评价',
    status: '已完成，欢迎对本次服务进行评价',
    progress: '已完成',
    template: 'closed',
  },
}

export interface WorkOrderRow {
  id: number
  accountId: number
  subAccountId: number | null
  number: string
  description: string
}

export function workOrderNews(row: WorkOrderRow, event: WorkOrderEvent, at: Date, reply = ''): Notification {
  const news = NEWS[event]
  const title = noticePlainText(row.description).slice(0, 64) || `工单${row.number}`
  const sentence = workOrderSentence({ number: row.number, status: news.status })
  const path = `/workOrderDetail?id=${row.id}`
  const values = { orderNo: row.number, title, at }
  return {
    accountId: row.accountId,
    category: 'workOrder',
    notice: {
      type: WORK_ORDER_NOTICE_TYPE,
      title: news.title,
      content: `<p>${escapeHtml(sentence)}</p>`,
      details: {
        workOrderNum: row.number,
        workOrderTitle: title,
        workOrderProgress: news.progress,
        targetUrl: path,
      },
    },
    sms: { template: 'workOrder', params: { number: row.number, status: news.status } },
    mail: {
      subject: `【会员中心】${news.title}`,
      text: sentence,
      html: `<p>${escapeHtml(sentence)}</p>`,
      path,
    },
    alsoInbox: row.subAccountId ? [row.subAccountId] : [],
    alsoWechat: row.subAccountId ? [row.subAccountId] : [],
    wechat:
      news.template === 'workOrderReply'
        ? {
            template: 'workOrderReply',
            values: { ...values, reply: noticePlainText(reply) || '查看附件' },
            path,
          }
        : { template: news.template as Exclude<WechatTemplate, 'workOrderReply' | 'expiry'>, values, path },
  }
}
