import { View } from '@tarojs/components'
import { useCallback, type ReactNode } from 'react'
import type { SubscribeAnswer } from '../contract/wechat-messages'
import { OpenSubscribeButton } from '../platform/subscribe'
import type { WechatReminders } from './useWechatReminders'
import './wechat-reminder.scss'

const ignore = () => undefined

/**
 * An action button whose tap also asks for WeChat reminders (提交, 发送, 继续咨询, 继续服务). In
 * WeChat's browser the official account's wx-open-subscribe tag lies invisibly over the button:
 * WeChat takes the tap and shows its dialog, and `onTap` (the button's own action) runs once the
 * dialog closes, whatever the member chose. Elsewhere the button is left as it is: the mini-program
 * asks from inside the action (WechatReminders.ask), other browsers do not ask.
 */
export function WechatAsk({
  reminders,
  label,
  onTap,
  children,
}: {
  /** None: the button as it is. */
  reminders?: WechatReminders
  /** The button's text, naming the tag for assistive technology. */
  label: string
  onTap(): void
  children: ReactNode
}) {
  const record = reminders?.record
  const answered = useCallback(
    (answers: Record<string, SubscribeAnswer>) => {
      record?.(answers)
      onTap()
    },
    [record, onTap],
  )
  if (reminders?.app !== 'oa' || !reminders.tapIds.length) return <>{children}</>
  return (
    <View className='wechat-ask'>
      {children}
      <OpenSubscribeButton
        overlay
        label={label}
        templateIds={reminders.tapIds}
        onAnswers={answered}
        onFailure={ignore}
      />
    </View>
  )
}
