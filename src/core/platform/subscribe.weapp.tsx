// Mini-program: WeChat's one-time subscription messages. One acceptance lets the server send one
// message of that template (services/wechat/subscriptions.ts counts them).
import Taro from '@tarojs/taro'
import type { SubscribeAnswer } from '../contract/wechat-messages'
import { answersFromFailure, answersFromWechat, keptFromSetting, type KeptChoices } from '../wechat/rules'
import type { OpenSubscribeButtonProps } from './subscribe'

export const canSubscribe = true
export const openSubscribe = false

export function requestSubscribe(templateIds: string[]): Promise<Record<string, SubscribeAnswer>> {
  // Base libraries before 2.4.4 have no subscription messages: nothing to ask there.
  if (!templateIds.length || typeof Taro.requestSubscribeMessage !== 'function') return Promise.resolve({})
  try {
    // Called at once (Taro's promise runs wx's call synchronously), still inside the tap.
    return Taro.requestSubscribeMessage({ tmplIds: templateIds } as Taro.requestSubscribeMessage.Option).then(
      (result) => answersFromWechat(templateIds, result as Record<string, unknown>),
      (failure: unknown) => answersFromFailure(templateIds, failure),
    )
  } catch (failure) {
    return Promise.resolve(answersFromFailure(templateIds, failure))
  }
}

export async function keptChoices(): Promise<KeptChoices | null> {
  try {
    const setting = await Taro.getSetting({ withSubscriptions: true })
    return keptFromSetting(setting.subscriptionsSetting)
  } catch {
    // Nothing kept that we could read: the taps ask, and WeChat answers kept choices itself.
    return null
  }
}

/** The mini-program asks from its own taps: no open tag. */
export function OpenSubscribeButton(_props: OpenSubscribeButtonProps) {
  return null
}
