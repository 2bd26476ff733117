// 微信提醒 calls, one line each, typed by the contract. Silent: the reminders never toast over the
// action they ride along with; the 提醒 buttons show their own failure.
import type { SaveSubscriptionsRequest, Subscriptions, WechatApp } from '../contract/wechat-messages'
import { http } from '../http/request'

const SUBSCRIPTIONS = '/api/app/wechat/subscriptions'

export const wechatReminderApi = {
  state: (app: WechatApp) => http.get<Subscriptions>(SUBSCRIPTIONS, { app }, { silent: true }),
  save: (request: SaveSubscriptionsRequest) =>
    http.post<Subscriptions>(SUBSCRIPTIONS, { ...request }, { silent: true }),
}
