import { Text, View } from '@tarojs/components'
import { TextField } from '../../../core/ui/TextField'
import type { QuietDraft } from '../hooks/useNotificationSettings'

interface QuietHoursFieldsProps {
  quiet: QuietDraft
  error: { field: 'start' | 'end'; message: string } | null
  onChange(patch: Partial<QuietDraft>): void
}

/**
 * 免打扰时段 (Beijing time): the switch, then start and end typed as HH:mm (the date field has no time
 * mode, and a typed time works the same on every end). A range over midnight (22:00-08:00) is fine.
 */
export function QuietHoursFields({ quiet, error, onChange }: QuietHoursFieldsProps) {
  return (
    <View className='quiet-hours' aria-label='免打扰时段'>
      <View className='quiet-hours__row'>
        <Text className='quiet-hours__label'>免打扰时段</Text>
        {/* The login mask's switch look (account.scss). */}
        <View
          role='switch'
          aria-label='免打扰时段开关'
          aria-checked={quiet.enabled}
          className={`mask-switch ${quiet.enabled ? 'mask-switch--on' : ''}`}
          onClick={() => onChange({ enabled: !quiet.enabled })}
        >
          <View className='mask-switch__knob' />
        </View>
      </View>
      {quiet.enabled && (
        <View className='quiet-hours__times'>
          <View className='quiet-hours__time'>
            <TextField
              name='quietStart'
              title='开始时间'
              placeholder='22:00'
              maxLength={5}
              value={quiet.start}
              error={error?.field === 'start' ? error.message : undefined}
              onChange={(start) => onChange({ start })}
            />
          </View>
          <View className='quiet-hours__time'>
            <TextField
              name='quietEnd'
              title='结束时间'
              placeholder='08:00'
              maxLength={5}
              value={quiet.end}
              error={error?.field === 'end' ? error.message : undefined}
              onChange={(end) => onChange({ end })}
            />
          </View>
        </View>
      )}
      <Text className='quiet-hours__hint'>免打扰时段内的短信将在结束后发送，账号安全通知不受影响</Text>
    </View>
  )
}
