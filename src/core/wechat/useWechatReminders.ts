// WeChat reminders at the taps that deserve them (提交, 回复, 继续咨询, 回复提醒, 到期提醒). The state
// and the kept choices are read on mount: wx.requestSubscribeMessage must run inside the tap, and
// WeChat refuses it once the handler has awaited anything (a network call, even wx.getSetting).
// In WeChat's browser the official account's wx-open-subscribe tag asks instead: it is the 提醒
// button (tagIds), or lies over an action's button (tapIds, WechatAsk); `record` saves its answers.
import { useCallback, useMemo, useState } from 'react'
import type { SubscribeAnswer, Subscriptions, WechatApp, WechatTemplate } from '../contract/wechat-messages'
import { errorMessage } from '../http/api-error'
import { canSubscribe, keptChoices, openSubscribe, requestSubscribe } from '../platform/subscribe'
import { useResource } from '../ui/useResource'
import { wechatReminderApi } from './api'
import {
  answersByTemplate,
  anyConfigured,
  askPlan,
  REMINDER_MSG,
  reminderSummary,
  type KeptChoices,
} from './rules'

interface Loaded {
  subscriptions: Subscriptions
  kept: KeptChoices | null
}

/** Which WeChat asks here: the mini-program's own dialog, the official account's tag, or none. */
const subscribeAppHere = (): WechatApp | null => (canSubscribe ? 'mini' : openSubscribe ? 'oa' : null)

export interface WechatReminders {
  /** A 提醒 button makes sense: this platform can ask and a wanted template is configured. */
  available: boolean
  /** 'oa': the 提醒 button is the official account's tag (WeChat's browser), asking for `tagIds`. */
  app: WechatApp | null
  /** The template ids the 提醒 tag asks for (the member's own tap: refusals asked again). */
  tagIds: string[]
  /** The template ids a tag over an action button asks for (a refusal is not asked again). */
  tapIds: string[]
  /** Records what the 提醒 tag answered. */
  record(byId: Record<string, SubscribeAnswer>): void
  /** The 提醒 tag could not ask: why. */
  fail(message: string): void
  /** The state's load (nothing is loaded where the platform cannot ask). */
  status: 'loading' | 'ready' | 'error'
  error: string
  retry(): void
  /** 可接收 N 次提醒, or why none. */
  summary: string
  /** An explicit ask (the 提醒 button) is under way. */
  asking: boolean
  /** Why the last explicit ask failed ('' when it did not). */
  failure: string
  /**
   * Asks WeChat from the tap that calls it (synchronously, first thing) and records the answers.
   * Never rejects and never delays the action beside it: call it and go on without awaiting.
   * `again`: the member's own tap on the 提醒 button also asks templates it refused before.
   */
  ask(options?: { again?: boolean }): Promise<void>
}

export function useWechatReminders(templates: readonly WechatTemplate[]): WechatReminders {
  const subscribeApp = subscribeAppHere()
  const resource = useResource<Loaded | null>(
    () =>
      subscribeApp
        ? Promise.all([wechatReminderApi.state(subscribeApp), keptChoices()]).then(
            ([subscriptions, kept]) => ({
              subscriptions,
              kept,
            }),
          )
        : Promise.resolve(null),
    [],
  )
  const [asking, setAsking] = useState(false)
  const [failure, setFailure] = useState('')
  const loaded = resource.data ?? null
  const { reload } = resource

  const ask = useCallback(
    ({ again = false } = {}): Promise<void> => {
      if (!loaded) return Promise.resolve()
      const states = loaded.subscriptions.templates
      const plan = askPlan(states, templates, loaded.kept, again)
      const told = Object.keys(plan.told).length > 0
      if (!plan.ask.length && !told) {
        if (again) setFailure(plan.keepChoice ? REMINDER_MSG.keptOff : '')
        return Promise.resolve()
      }
      // The request goes out before anything else here: still inside the tap.
      const asked = plan.ask.length ? requestSubscribe(plan.ask) : Promise.resolve({})
      if (again) {
        setAsking(true)
        // WeChat keeps these refusals itself: only its settings page can turn them back on.
        setFailure(plan.ask.length ? '' : REMINDER_MSG.keptOff)
      }
      return asked
        .then((byId) => {
          const answers = { ...plan.told, ...answersByTemplate(states, byId) }
          if (!Object.keys(answers).length) return
          return wechatReminderApi
            .save({ app: 'mini', answers, keepChoice: plan.keepChoice })
            .then(() => reload())
        })
        .catch((cause: unknown) => {
          if (again) setFailure(errorMessage(cause, REMINDER_MSG.failed))
        })
        .finally(() => {
          if (again) setAsking(false)
        })
    },
    [loaded, templates, reload],
  )

  const states = useMemo(() => loaded?.subscriptions.templates ?? [], [loaded])
  const tagIds = useMemo(() => askPlan(states, templates, null, true).ask, [states, templates])
  const tapIds = useMemo(() => askPlan(states, templates, null).ask, [states, templates])

  const record = useCallback(
    (byId: Record<string, SubscribeAnswer>) => {
      const answers = answersByTemplate(states, byId)
      if (!Object.keys(answers).length) return
      setFailure('')
      wechatReminderApi
        .save({ app: 'oa', answers })
        .then(() => reload())
        .catch((cause: unknown) => setFailure(errorMessage(cause, REMINDER_MSG.failed)))
    },
    [states, reload],
  )

  return {
    available: subscribeApp !== null && (resource.status !== 'ready' || anyConfigured(states, templates)),
    app: subscribeApp,
    tagIds,
    tapIds,
    record,
    fail: setFailure,
    status: resource.status,
    error: resource.error,
    retry: resource.retry,
    summary: reminderSummary(states, templates),
    asking,
    failure,
    ask,
  }
}
