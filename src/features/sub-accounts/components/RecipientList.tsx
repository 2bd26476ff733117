import { Text, View } from '@tarojs/components'
import { VALIDATE_TYPE, type ValidateType } from '../../../core/contract/recipients'
import type { Column } from '../../../core/ui/DataTable'
import { toast } from '../../../core/ui/toast'
import { ACCOUNT_BREAKPOINT } from '../../../core/ui/paging'
import { useListMode, usePagedList } from '../../../core/ui/usePagedList'
import { recipientApi, type Position, type Recipient } from '../api'
import { canEditRecipient, isOn, RECIPIENT_TEXT, validateStateLabel } from '../rules'
import {
  EditDeleteLinks,
  type EditDeleteActions,
  linksColumn,
  PersonCard,
  PersonList,
  useConfirmedDelete,
  usePersonDialog,
} from './PersonList'
import { RecipientDialog } from './RecipientDialog'

interface Actions extends EditDeleteActions<Recipient> {
  manage: boolean
  onResend(row: Recipient, type: ValidateType): void
}

const CHANNELS = [
  { type: VALIDATE_TYPE.sms, field: 'smsValidateStatus', label: '短信', resend: '重发短信' },
  { type: VALIDATE_TYPE.email, field: 'emailValidateStatus', label: '邮箱', resend: '重发邮件' },
] as const

/** 已验证 / 待验证 for one address, with its resend link while unconfirmed. */
function Confirmation({
  row,
  channel,
  actions,
}: {
  row: Recipient
  channel: (typeof CHANNELS)[number]
  actions: Actions
}) {
  const done = isOn(row[channel.field])
  return (
    <View className='recipient-state'>
      <Text className={`state-text state-text--${done ? 'ok' : 'pending'}`}>
        {channel.label}
        {validateStateLabel(row[channel.field])}
      </Text>
      {actions.manage && !done && (
        <View
          className='sub-actions__link'
          role='button'
          aria-label={`${channel.resend} ${row.fullName}`}
          onClick={() => actions.onResend(row, channel.type)}
        >
          {channel.resend}
        </View>
      )}
    </View>
  )
}

function RowButtons({ row, actions }: { row: Recipient; actions: Actions }) {
  if (!canEditRecipient(actions.manage, row)) {
    return <Text className='sub-actions--none'>{row.subAccountId ? RECIPIENT_TEXT.ofSubAdmin : '--'}</Text>
  }
  return <EditDeleteLinks row={row} actions={actions} />
}

function columns(actions: Actions): Column<Recipient>[] {
  return [
    { key: 'name', title: '姓名', width: '1fr', render: (r) => r.fullName },
    { key: 'phone', title: '手机号', width: '120px', render: (r) => r.bingPhone },
    { key: 'mailbox', title: '邮箱', width: '1.6fr', render: (r) => r.mailbox || '--' },
    { key: 'position', title: '职位', width: '1fr', render: (r) => r.positionName || '--' },
    ...CHANNELS.map((channel) => ({
      key: channel.field,
      title: `${channel.label}验证`,
      width: '110px',
      render: (r: Recipient) => <Confirmation row={r} channel={channel} actions={actions} />,
    })),
    linksColumn((r) => <RowButtons row={r} actions={actions} />),
  ]
}

/**
 * 通知接收人 (doc2 §7 Recipients): who receives the account's notices, each with the
 * confirmation of its phone and mailbox. The main account adds, edits, deletes (after confirming) and
 * resends links; a sub-account sees the list only (account-area §6).
 */
export function RecipientList({ manage, positions }: { manage: boolean; positions: Position[] }) {
  const mode = useListMode(ACCOUNT_BREAKPOINT)
  const list = usePagedList(recipientApi.list, { mode })
  const editor = usePersonDialog(RecipientDialog, positions, list.reload)
  const remove = useConfirmedDelete<Recipient>(recipientApi.remove, RECIPIENT_TEXT, list.reload)

  const actions: Actions = {
    manage,
    onEdit: editor.edit,
    onDelete: remove.ask,
    onResend: async (row, type) => {
      try {
        await recipientApi.resend(row.id, type)
        toast.success(RECIPIENT_TEXT.sent)
      } catch {
        // The request wrapper has shown why (e.g. too soon).
      }
    },
  }

  return (
    <PersonList
      className='recipients'
      title='通知接收人'
      label='通知接收人'
      add={manage ? { label: '新增接收人', onClick: editor.add } : null}
      list={list}
      emptyText={RECIPIENT_TEXT.empty}
      columns={columns(actions)}
      card={(row) => (
        <PersonCard
          name={row.fullName}
          aside={<Text>{row.positionName}</Text>}
          meta={[row.bingPhone, row.mailbox]}
          links={<RowButtons row={row} actions={actions} />}
        >
          {CHANNELS.map((channel) => (
            <Confirmation key={channel.type} row={row} channel={channel} actions={actions} />
          ))}
        </PersonCard>
      )}
    >
      {editor.dialog}
      {remove.dialog}
    </PersonList>
  )
}
