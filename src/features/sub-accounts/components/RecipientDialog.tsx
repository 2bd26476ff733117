import { toast } from '../../../core/ui/toast'
import { useSubmit } from '../../../core/ui/useSubmit'
import { validateRecipient } from '../../../core/validation/recipient'
import { recipientApi } from '../api'
import { RECIPIENT_TEXT } from '../rules'
import { PersonDialog, usePersonForm } from './PersonForm'
import type { PersonEditorProps } from './PersonList'

const EMPTY = { fullName: '', mailbox: '', bingPhone: '', position: '' }

/**
 * 新增 / 编辑接收人 (doc2 §7 Recipients): the sub-admin form's fields and messages (account-area §5),
 * the phone read-only on edit. Adding sends the confirmation links; a refusal keeps what was typed.
 */
export function RecipientDialog({ editId, positions, onClose, onSaved }: PersonEditorProps) {
  const editing = editId !== null
  const { form, detail } = usePersonForm(EMPTY, editId, recipientApi.detail)
  const save = useSubmit({ fallback: '保存失败，请重试' })
  const v = form.values

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
    <PersonDialog
      title={editing ? '编辑接收人' : '新增接收人'}
      note={editing ? undefined : '保存后将向该手机号和邮箱发送验证链接'}
      name='recipient'
      form={form}
      phoneKey='bingPhone'
      editing={editing}
      loading={detail.status === 'loading'}
      positions={positions}
      failure={save.failure || detail.error}
      busy={save.busy}
      onConfirm={submit}
      onClose={onClose}
    />
  )
}
