// 微信提醒 calls, one line each, typed by the contract. Silent: the reminders never toast over the
// action they ride along with; the 提醒 buttons show their own failure.
import type {
  SaveSubscriptionsRequest,
  Subscriptions,
  SubscriptionsQuery,
  WechatApp,
} from '../contract/wechat-messages'
import { http } from '../http/request'
import { combinedReach } from './rules'

const SUBSCRIPTIONS = '/api/app/wechat/subscriptions'

export const wechatReminderApi = {
  state: (app: WechatApp) =>
    http.get<Subscriptions>(SUBSCRIPTIONS, { app } satisfies SubscriptionsQuery, { silent: true }),
  /** What the member can receive through either app (账户管理). */
  reach: () =>
    Promise.all([wechatReminderApi.state('mini'), wechatReminderApi.state('oa')]).then(combinedReach),
  save: (request: SaveSubscriptionsRequest) =>
    http.post<Subscriptions>(SUBSCRIPTIONS, { ...request }, { silent: true }),
}
