import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { VALIDATE_TYPE, type ValidateType } from '../../../core/contract/recipients'
import { ConfirmDialog } from '../../../core/ui/ConfirmDialog'
import { Button } from '../../../core/ui/Button'
import { DataTable, type Column } from '../../../core/ui/DataTable'
import { ListStatus } from '../../../core/ui/ListStatus'
import { LoadMore } from '../../../core/ui/LoadMore'
import { Pager } from '../../../core/ui/Pager'
import { toast } from '../../../core/ui/toast'
import { useListMode, usePagedList } from '../../../core/ui/usePagedList'
import { recipientApi, type Position, type Recipient } from '../api'
import { canEditRecipient, isOn, RECIPIENT_TEXT, validateStateLabel } from '../rules'
import { RecipientDialog } from './RecipientDialog'

interface Actions {
  manage: boolean
  onEdit(row: Recipient): void
  onDelete(row: Recipient): void
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
  return (
    <View className='sub-actions'>
      <View
        className='sub-actions__link'
        role='button'
        aria-label={`编辑 ${row.fullName}`}
        onClick={() => actions.onEdit(row)}
      >
        编辑
      </View>
      <View
        className='sub-actions__link sub-actions__link--danger'
        role='button'
        aria-label={`删除 ${row.fullName}`}
        onClick={() => actions.onDelete(row)}
      >
        删除
      </View>
    </View>
  )
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
    {
      key: 'actions',
      title: '操作',
      width: '100px',
      render: (r) => <RowButtons row={r} actions={actions} />,
    },
  ]
}

type DialogState = { kind: 'add' } | { kind: 'edit'; id: number } | null

/**
 * 通知接收人 (doc2 §7 Recipients; issue 12): who receives the account's notices, each with the
 * confirmation of its phone and mailbox. The main account adds, edits, deletes (after confirming) and
 * resends links; a sub-account sees the list only (account-area §6).
 */
export function RecipientList({ manage, positions }: { manage: boolean; positions: Position[] }) {
  const mode = useListMode()
  const list = usePagedList(recipientApi.list, { mode })
  const [dialog, setDialog] = useState<DialogState>(null)
  const [deleting, setDeleting] = useState<Recipient | null>(null)

  const actions: Actions = {
    manage,
    onEdit: (row) => setDialog({ kind: 'edit', id: row.id }),
    onDelete: setDeleting,
    onResend: async (row, type) => {
      try {
        await recipientApi.resend(row.id, type)
        toast.success(RECIPIENT_TEXT.sent)
      } catch {
        // The request wrapper has shown why (e.g. too soon).
      }
    },
  }

  const confirmDelete = async () => {
    const row = deleting
    setDeleting(null)
    if (!row) return
    try {
      await recipientApi.remove(row.id)
      toast.success(RECIPIENT_TEXT.deleted)
      list.reload()
    } catch {
      // The request wrapper has shown why.
    }
  }

  const rows = list.status === 'ready' && !list.empty
  return (
    <View className='recipients'>
      <View className='sub-accounts__head'>
        <View className='list-title'>通知接收人</View>
        {manage && (
          <Button type='primary' size='small' onClick={() => setDialog({ kind: 'add' })}>
            新增接收人
          </Button>
        )}
      </View>
      <ListStatus list={list} emptyText={RECIPIENT_TEXT.empty} />
      {rows && mode === 'pages' && (
        <DataTable label='通知接收人' columns={columns(actions)} rows={list.items} rowKey={(r) => r.id} />
      )}
      {rows && mode === 'more' && (
        <View className='sub-cards' role='list' aria-label='通知接收人'>
          {list.items.map((row) => (
            <View key={row.id} role='listitem' className='list-card'>
              <View className='list-card__top'>
                <Text className='list-card__title'>{row.fullName}</Text>
                <Text>{row.positionName}</Text>
              </View>
              <View className='list-card__meta sub-card__meta'>
                <Text>{row.bingPhone}</Text>
                <Text>{row.mailbox}</Text>
              </View>
              <View className='sub-card__switches'>
                {CHANNELS.map((channel) => (
                  <Confirmation key={channel.type} row={row} channel={channel} actions={actions} />
                ))}
              </View>
              <RowButtons row={row} actions={actions} />
            </View>
          ))}
        </View>
      )}
      {mode === 'pages' ? <Pager {...list.pager} /> : <LoadMore {...list} />}
      {dialog && (
        <RecipientDialog
          editId={dialog.kind === 'edit' ? dialog.id : null}
          positions={positions}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null)
            list.reload()
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        message={RECIPIENT_TEXT.deleteConfirm}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </View>
  )
}
