// H5: no subscription messages yet. In WeChat's browser the official account's wx-open-subscribe
// tag will ask instead (it needs the JS-SDK signed with the jsapi_ticket); elsewhere there is none.
import type { SubscribeAnswer } from '../contract/wechat-messages'
import type { KeptChoices } from '../wechat/rules'

export const canSubscribe = false

export async function requestSubscribe(_templateIds: string[]): Promise<Record<string, SubscribeAnswer>> {
  return {}
}

export async function keptChoices(): Promise<KeptChoices | null> {
  return null
}
