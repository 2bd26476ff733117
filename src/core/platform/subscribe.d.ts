import type { SubscribeAnswer } from '../contract/wechat-messages'
import type { KeptChoices } from '../wechat/rules'

/** This platform can ask for WeChat's one-time subscription messages: the mini-program only for now. */
export declare const canSubscribe: boolean

/**
 * Asks WeChat to let the console send these templates once each (wx.requestSubscribeMessage).
 * Must be called within a tap, before any await: WeChat refuses it otherwise. Resolves with the
 * answer per template id; never rejects (switched off: all 'reject'; another failure: {}).
 */
export declare function requestSubscribe(templateIds: string[]): Promise<Record<string, SubscribeAnswer>>

/** The choices the member told WeChat to keep (总是保持以上选择), by template id; null when none. */
export declare function keptChoices(): Promise<KeptChoices | null>
