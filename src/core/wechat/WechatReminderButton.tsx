import { Text, View } from '@tarojs/components'
import { OpenSubscribeButton } from '../platform/subscribe'
import { Button } from '../ui/Button'
import { LoadFailed } from '../ui/ResourceStatus'
import { Spinner } from '../ui/Spinner'
import type { WechatReminders } from './useWechatReminders'
import './wechat-reminder.scss'

/**
 * The visible 提醒 button (回复提醒 on a work order, 到期提醒 in the renewal centre) with what it
 * buys beside it; nothing where the platform cannot ask or no template is configured. In WeChat's
 * browser the button is the official account's wx-open-subscribe tag.
 */
export function WechatReminderButton({ label, reminders }: { label: string; reminders: WechatReminders }) {
  if (!reminders.available) return null
  if (reminders.status === 'loading')
    return (
      <View className='wechat-reminder' aria-label={label}>
        <Spinner small />
        <Text className='wechat-reminder__summary'>加载中…</Text>
      </View>
    )
  if (reminders.status === 'error')
    return (
      <View className='wechat-reminder' aria-label={label}>
        <LoadFailed message={reminders.error} onRetry={reminders.retry} />
      </View>
    )
  return (
    <View className='wechat-reminder' aria-label={label}>
      {reminders.app === 'oa' ? (
        <OpenSubscribeButton
          label={label}
          templateIds={reminders.tagIds}
          onAnswers={reminders.record}
          onFailure={reminders.fail}
        />
      ) : (
        <Button size='small' loading={reminders.asking} onClick={() => void reminders.ask({ again: true })}>
          {label}
        </Button>
      )}
      <Text className='wechat-reminder__summary'>{reminders.summary}</Text>
      {reminders.failure && (
        <View className='wechat-reminder__failure' role='alert'>
          {reminders.failure}
        </View>
      )}
    </View>
  )
}
