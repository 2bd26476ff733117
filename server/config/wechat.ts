// WeChat as a message channel, read from the environment: each template's id per app
// (WECHAT_TEMPLATE_* for the mini-program's subscription messages, WECHAT_OA_TEMPLATE_* for the
// official account's one-time subscription), the state a message opens the mini-program in, and
// (development and tests only) another address for WeChat's API.
import {
  WECHAT_TEMPLATES,
  type WechatApp,
  type WechatTemplate,
} from '../../src/core/contract/wechat-messages'

type Env = Record<string, string | undefined>

export const WECHAT_API_ORIGIN = 'https://api.weixin.qq.com'

/** The variable naming a template's id, e.g. WECHAT_TEMPLATE_WORK_ORDER_REPLY, WECHAT_OA_TEMPLATE_EXPIRY. */
export function templateVariable(app: WechatApp, template: WechatTemplate): string {
  const name = template.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()
  return `${app === 'mini' ? 'WECHAT_TEMPLATE' : 'WECHAT_OA_TEMPLATE'}_${name}`
}

export type MiniprogramState = 'formal' | 'trial' | 'developer'

export interface WechatMessagingSettings {
  templates: Record<WechatApp, Partial<Record<WechatTemplate, string>>>
  /** The mini-program version a message's page opens: formal in production, developer otherwise. */
  miniprogramState: MiniprogramState
  /** WeChat's API; another address only outside production (a fake WeChat in tests). */
  apiOrigin: string
}

const STATES: readonly string[] = ['formal', 'trial', 'developer']

/** The settings and what is wrong with them (production refuses WECHAT_API_BASE). */
export function readWechatMessaging(env: Env, production: boolean) {
  const problems: string[] = []
  const templates: WechatMessagingSettings['templates'] = { mini: {}, oa: {} }
  for (const app of ['mini', 'oa'] as const)
    for (const template of WECHAT_TEMPLATES) {
      // The sandbox stands in for WeChat: its own ids, so the 提醒 buttons work end to end.
      const id = env[templateVariable(app, template)]?.trim() || (production ? '' : `sandbox-${template}`)
      if (id) templates[app][template] = id
    }
  const state = env.WECHAT_MINIPROGRAM_STATE?.trim() || (production ? 'formal' : 'developer')
  if (!STATES.includes(state)) problems.push('WECHAT_MINIPROGRAM_STATE must be formal, trial or developer')
  const base = env.WECHAT_API_BASE?.trim()
  if (base && production) problems.push('WECHAT_API_BASE is for development and tests only')
  const settings: WechatMessagingSettings = {
    templates,
    miniprogramState: (STATES.includes(state) ? state : 'formal') as MiniprogramState,
    apiOrigin: base && !production ? base.replace(/\/+$/, '') : WECHAT_API_ORIGIN,
  }
  return { settings, problems }
}
