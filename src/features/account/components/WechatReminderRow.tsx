import { Text, View } from '@tarojs/components'
import type { Subscriptions } from '../../../core/contract/wechat-messages'
import { SettingRow } from '../../../core/ui/SettingRow'
import { LoadFailed } from '../../../core/ui/ResourceStatus'
import { Spinner } from '../../../core/ui/Spinner'
import { useResource } from '../../../core/ui/useResource'
import { wechatReminderApi } from '../../../core/wechat/api'
import { receiveText, REMINDER_MSG, templateLines } from '../../../core/wechat/rules'
import '../../../core/wechat/wechat-reminder.scss'

/**
 * 微信提醒 (账户管理): whether the session member's own WeChat can receive the console's messages
 * (a login in the mini-program or in WeChat's browser gave an openid) and how many of each are left,
 * both apps together. Every member, every platform.
 */
export function WechatReminderRow() {
  const state = useResource(() => wechatReminderApi.reach(), [])
  return (
    <SettingRow label='微信提醒'>
      {state.status === 'loading' && (
        <View className='wechat-reminder'>
          <Spinner small />
          <Text>加载中…</Text>
        </View>
      )}
      {state.status === 'error' && <LoadFailed message={state.error} onRetry={state.retry} />}
      {state.status === 'ready' && state.data && <ReminderLines subscriptions={state.data} />}
    </SettingRow>
  )
}

function ReminderLines({ subscriptions }: { subscriptions: Subscriptions }) {
  const lines = templateLines(subscriptions)
  return (
    <View className='wechat-reminder wechat-reminder--lines' aria-label='微信提醒次数'>
      <Text>{receiveText(subscriptions)}</Text>
      {lines.map((line) => (
        <Text key={line.template}>{line.text}</Text>
      ))}
      {!lines.length && <Text>{REMINDER_MSG.notConfigured}</Text>}
    </View>
  )
}
