import { Text, View } from '@tarojs/components'
import { useState, type ReactNode } from 'react'
import {
  NOTIFY_CATEGORY_LABEL,
  NOTIFY_CHANNEL_LABEL,
  type AudienceCandidate,
  type AudienceKey,
  type NotifyCategory,
  type NotifyChannel,
} from '../../../core/contract/notifications'
import { useIsDesktop } from '../../../core/platform/viewport'
import { Checkbox } from '../../../core/ui/Checkbox'
import { Dialog } from '../../../core/ui/Dialog'
import { FormSheet } from '../../../core/ui/FormSheet'
import { chosenAudience, inboxNote, isLockedChoice, unreachableReason } from '../rules'

interface AudiencePickerProps {
  category: NotifyCategory
  channel: NotifyChannel
  candidates: AudienceCandidate[]
  chosen: AudienceKey[]
  onConfirm(keys: AudienceKey[]): void
  onClose(): void
}

const KIND_LABEL: Record<AudienceCandidate['kind'], string> = {
  owner: '账号所有者',
  subAdmin: '子管理员',
  recipient: '接收人',
}

/** What a candidate is reached at on the channel (masked), beside their name. */
function contactOf(candidate: AudienceCandidate, channel: NotifyChannel): string {
  if (channel === 'sms') return candidate.phone
  if (channel === 'email') return candidate.email
  return ''
}

/**
 * Who receives one category on one channel: a check box per candidate; one who cannot be reached
 * there is shown disabled with why, and the owner's 站内信 stays checked. A dialog on desktop, a
 * sheet on phones and in the mini-program (a long list of sub-admins outgrows a dialog).
 */
export function AudiencePicker({
  category,
  channel,
  candidates,
  chosen,
  onConfirm,
  onClose,
}: AudiencePickerProps) {
  const desktop = useIsDesktop()
  const [keys, setKeys] = useState<AudienceKey[]>(chosen)
  const title = `${NOTIFY_CATEGORY_LABEL[category]} · ${NOTIFY_CHANNEL_LABEL[channel]}`
  const confirm = () => onConfirm(chosenAudience(channel, keys, candidates))
  const toggle = (key: AudienceKey, on: boolean) =>
    setKeys((current) => (on ? [...current, key] : current.filter((k) => k !== key)))

  const list = (
    <View className='audience-picker' role='group' aria-label='接收人员'>
      {channel === 'inbox' && <Text className='audience-picker__note'>{inboxNote(category)}</Text>}
      {candidates.map((candidate) => {
        const reason = unreachableReason(candidate, channel)
        const locked = isLockedChoice(channel, candidate.key)
        const name = candidate.kind === 'owner' ? KIND_LABEL.owner : candidate.name
        const open = !locked && !reason
        return (
          // A tap anywhere on the row toggles it (a phone's check box is a small target).
          <View
            key={candidate.key}
            className={`audience-picker__row${reason ? ' audience-picker__row--disabled' : ''}`}
            onClick={() => open && toggle(candidate.key, !keys.includes(candidate.key))}
          >
            <Checkbox
              label={name}
              checked={locked || (!reason && keys.includes(candidate.key))}
              disabled={!open}
              onChange={(on) => toggle(candidate.key, on)}
            />
            <View className='audience-picker__who'>
              <Text className='audience-picker__name'>{name}</Text>
              <Text className='audience-picker__meta'>
                {[candidate.kind === 'owner' ? '' : KIND_LABEL[candidate.kind], contactOf(candidate, channel)]
                  .filter(Boolean)
                  .join(' ')}
              </Text>
            </View>
            {reason && <Text className='audience-picker__reason'>{reason}</Text>}
          </View>
        )
      })}
      {candidates.length <= 1 && <Text className='audience-picker__note'>暂无可选择的子管理员或接收人</Text>}
    </View>
  )

  return (
    <PickerShell desktop={desktop} title={title} onConfirm={confirm} onClose={onClose}>
      {list}
    </PickerShell>
  )
}

function PickerShell({
  desktop,
  title,
  onConfirm,
  onClose,
  children,
}: {
  desktop: boolean
  title: string
  onConfirm(): void
  onClose(): void
  children: ReactNode
}) {
  if (desktop) {
    return (
      <Dialog className='account-dialog' title={title} onConfirm={onConfirm} onClose={onClose}>
        {children}
      </Dialog>
    )
  }
  return (
    <FormSheet title={title} confirmText='确定' onConfirm={onConfirm} onClose={onClose}>
      {children}
    </FormSheet>
  )
}
