import { useEffect } from 'react'
import { AtInput } from 'taro-ui'
import { Dialog } from '../../../core/ui/Dialog'
import { FieldError } from '../../../core/ui/FieldError'
import { PageLoading } from '../../../core/ui/PageLoading'
import { toast } from '../../../core/ui/toast'
import { useForm } from '../../../core/ui/useForm'
import { useResource } from '../../../core/ui/useResource'
import { useSubmit } from '../../../core/ui/useSubmit'
import { validateRecipient } from '../../../core/validation/recipient'
import { SUB_ADMIN_NAME_MAX } from '../../../core/validation/sub-admin'
import { recipientApi, type Position } from '../api'
import { RECIPIENT_TEXT } from '../rules'
import { MailboxField } from './MailboxField'
import { PositionSelect } from './PositionSelect'

interface RecipientDialogProps {
  /** null: add a recipient; a number: edit that one. */
  editId: number | null
  positions: Position[]
  onClose(): void
  onSaved(): void
}

const EMPTY = { fullName: '', mailbox: '', bingPhone: '', position: '' }

/**
 * 新增 / 编辑接收人 (doc2 §7 Recipients): the sub-admin form's fields and messages (account-area §5),
 * the phone read-only on edit. Adding sends the confirmation links; a refusal keeps what was typed.
 */
export function RecipientDialog({ editId, positions, onClose, onSaved }: RecipientDialogProps) {
  const editing = editId !== null
  const form = useForm(EMPTY)
  const detail = useResource(
    () => (editId === null ? Promise.resolve(null) : recipientApi.detail(editId)),
    [editId],
  )
  const save = useSubmit({ fallback: '保存失败，请重试' })
  const v = form.values
  const { set } = form

  useEffect(() => {
    const item = detail.data
    if (item) for (const key of Object.keys(EMPTY) as (keyof typeof EMPTY)[]) set(key, item[key] ?? '')
  }, [detail.data, set])

  const submit = () => {
    save.reset()
    const values = positions.map((p) => p.itemValue)
    if (!form.check((current) => validateRecipient(current, values))) return
    const fields = { fullName: v.fullName.trim(), mailbox: v.mailbox.trim(), position: v.position }
    void save.run(async () => {
      if (editId === null) await recipientApi.add({ ...fields, bingPhone: v.bingPhone.trim() })
      else await recipientApi.edit(editId, fields)
      toast.success(editing ? RECIPIENT_TEXT.saved : RECIPIENT_TEXT.added)
      onSaved()
    })
  }

  return (
    <Dialog
      title={editing ? '编辑接收人' : '新增接收人'}
      role='form'
      className='sub-admin-dialog'
      note={editing ? undefined : '保存后将向该手机号和邮箱发送验证链接'}
      failure={save.failure || detail.error}
      busy={save.busy}
      onConfirm={submit}
      onClose={onClose}
    >
      {editing && detail.status === 'loading' ? (
        <PageLoading />
      ) : (
        <>
          <AtInput
            name='recipient-name'
            title='姓名'
            placeholder='请输入姓名'
            maxlength={SUB_ADMIN_NAME_MAX}
            value={v.fullName}
            onChange={form.change('fullName')}
          />
          <FieldError message={form.errors.fullName} />
          <MailboxField value={v.mailbox} onChange={form.change('mailbox')} />
          <FieldError message={form.errors.mailbox} />
          <AtInput
            name='recipient-phone'
            title='手机号'
            type='phone'
            placeholder='请输入手机号'
            maxlength={11}
            disabled={editing}
            value={v.bingPhone}
            onChange={form.change('bingPhone')}
          />
          <FieldError message={form.errors.bingPhone} />
          <PositionSelect
            positions={positions}
            value={v.position}
            onChange={(value) => form.set('position', value)}
          />
          <FieldError message={form.errors.position} />
        </>
      )}
    </Dialog>
  )
}
