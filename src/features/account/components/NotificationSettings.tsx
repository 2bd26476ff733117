import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import {
  NOTIFY_CATEGORY_LABEL,
  NOTIFY_CHANNEL_LABEL,
  NOTIFY_CHANNELS,
  type Audience,
  type AudienceCandidate,
  type NotificationSettings as Settings,
  type NotifyCategory,
  type NotifyChannel,
} from '../../../core/contract/notifications'
import { useIsDesktop } from '../../../core/platform/viewport'
import { Button } from '../../../core/ui/Button'
import { DataTable, type Column } from '../../../core/ui/DataTable'
import { FieldError } from '../../../core/ui/FieldError'
import { ResourceStatus } from '../../../core/ui/ResourceStatus'
import { useNotificationDraft, useNotificationSettings } from '../hooks/useNotificationSettings'
import { AUDIENCE_OFF, audienceText, channelCarries } from '../rules'
import { AudiencePicker } from './AudiencePicker'
import { GroupRobotsSection } from './GroupRobotsSection'
import { QuietHoursFields } from './QuietHoursFields'

type Row = { category: NotifyCategory; audience: Audience }
type OpenCell = { category: NotifyCategory; channel: NotifyChannel } | null

/**
 * 消息接收管理 (main account only): who hears each category on 站内信, 短信 and 邮件, and
 * the quiet hours. A table on desktop, a card per category on phones and in the mini-program.
 * Below it the 群机器人, saved on their own (each robot is set, tested and deleted by itself).
 */
export function NotificationSettings() {
  const settings = useNotificationSettings()
  if (!settings.data) return <ResourceStatus resource={settings} />
  return <NotificationSettingsForm settings={settings.data} />
}

function NotificationSettingsForm({ settings }: { settings: Settings }) {
  const desktop = useIsDesktop()
  const draft = useNotificationDraft(settings)
  const [open, setOpen] = useState<OpenCell>(null)
  const { candidates } = settings
  const cell = (row: Row, channel: NotifyChannel) => (
    <AudienceCell
      row={row}
      channel={channel}
      candidates={candidates}
      onOpen={() => setOpen({ category: row.category, channel })}
    />
  )
  const openRow = open && draft.rows.find((row) => row.category === open.category)

  return (
    <View className='notify-settings'>
      {desktop ? (
        <DataTable
          label='消息接收管理'
          columns={columns(cell)}
          rows={draft.rows}
          rowKey={(row) => row.category}
        />
      ) : (
        <View role='list' aria-label='消息接收管理'>
          {draft.rows.map((row) => (
            <View
              key={row.category}
              role='listitem'
              className='notify-card'
              aria-label={NOTIFY_CATEGORY_LABEL[row.category]}
            >
              <Text className='notify-card__title'>{NOTIFY_CATEGORY_LABEL[row.category]}</Text>
              {NOTIFY_CHANNELS.map((channel) => (
                <View key={channel} className='notify-card__channel'>
                  <Text className='notify-card__label'>{NOTIFY_CHANNEL_LABEL[channel]}</Text>
                  {cell(row, channel)}
                </View>
              ))}
            </View>
          ))}
        </View>
      )}

      <QuietHoursFields quiet={draft.quiet} error={draft.quietError} onChange={draft.editQuiet} />
      <FieldError message={draft.failure} />
      <View className='notify-settings__actions'>
        <Button size='small' type='primary' loading={draft.saving} onClick={() => void draft.save()}>
          保存
        </Button>
      </View>

      <GroupRobotsSection />

      {open && openRow && (
        <AudiencePicker
          category={open.category}
          channel={open.channel}
          candidates={candidates}
          chosen={openRow.audience[open.channel]}
          onConfirm={(keys) => {
            draft.choose(open.category, open.channel, keys)
            setOpen(null)
          }}
          onClose={() => setOpen(null)}
        />
      )}
    </View>
  )
}

const columns = (cell: (row: Row, channel: NotifyChannel) => JSX.Element): Column<Row>[] => [
  { key: 'category', title: '消息类型', width: '1fr', render: (row) => NOTIFY_CATEGORY_LABEL[row.category] },
  ...NOTIFY_CHANNELS.map((channel) => ({
    key: channel,
    title: NOTIFY_CHANNEL_LABEL[channel],
    width: '1.4fr',
    render: (row: Row) => cell(row, channel),
  })),
]

/** One channel of one category: who receives, and the way to change it. */
function AudienceCell({
  row,
  channel,
  candidates,
  onOpen,
}: {
  row: Row
  channel: NotifyChannel
  candidates: AudienceCandidate[]
  onOpen(): void
}) {
  if (!channelCarries(row.category, channel))
    return (
      <View
        className='notify-cell notify-cell--off'
        aria-label={`${NOTIFY_CATEGORY_LABEL[row.category]} ${NOTIFY_CHANNEL_LABEL[channel]}`}
      >
        <Text className='notify-cell__who'>不支持</Text>
      </View>
    )
  const text = audienceText(row.audience[channel], candidates)
  return (
    <View
      role='button'
      aria-label={`${NOTIFY_CATEGORY_LABEL[row.category]} ${NOTIFY_CHANNEL_LABEL[channel]}`}
      className={`notify-cell${text === AUDIENCE_OFF ? ' notify-cell--off' : ''}`}
      onClick={onOpen}
    >
      <Text className='notify-cell__who'>{text}</Text>
      <Text className='notify-cell__edit'>修改</Text>
    </View>
  )
}
