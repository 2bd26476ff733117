import type { SubscribeAnswer } from '../contract/wechat-messages'
import type { KeptChoices } from '../wechat/rules'

/** The mini-program: any tap can ask for WeChat's one-time subscription messages (requestSubscribe). */
export declare const canSubscribe: boolean

/**
 * WeChat's browser: only the official account's own wx-open-subscribe tag can ask, so the 提醒
 * buttons are that tag (OpenSubscribeButton). False in the mini-program and in other browsers.
 */
export declare const openSubscribe: boolean

/**
 * Asks WeChat to let the console send these templates once each (wx.requestSubscribeMessage).
 * Must be called within a tap, before any await: WeChat refuses it otherwise. Resolves with the
 * answer per template id; never rejects (switched off: all 'reject'; another failure: {}).
 */
export declare function requestSubscribe(templateIds: string[]): Promise<Record<string, SubscribeAnswer>>

/** The choices the member told WeChat to keep (总是保持以上选择), by template id; null when none. */
export declare function keptChoices(): Promise<KeptChoices | null>

export interface OpenSubscribeButtonProps {
  label: string
  /**
   * Laid invisibly over the action button it wraps (提交, 发送): WeChat takes that tap, and the
   * action runs once its dialog closes. Without it, the tag is a 提醒 button of its own.
   */
  overlay?: boolean
  /** The official account's template ids the tap asks for (at most three). */
  templateIds: string[]
  /** WeChat's answer per template id, once the member closed its dialog. */
  onAnswers(answers: Record<string, SubscribeAnswer>): void
  /** The tag could not be shown or WeChat refused the request: why, in Chinese. */
  onFailure(message: string): void
}

/** WeChat's browser: the wx-open-subscribe tag, a 提醒 button or an overlay (null elsewhere). */
export declare function OpenSubscribeButton(props: OpenSubscribeButtonProps): JSX.Element | null
