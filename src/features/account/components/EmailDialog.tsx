import { useForm } from '../../../core/ui/useForm'
import { collectErrors } from '../../../core/validation/rules'
import { mailboxError } from '../../../core/validation/sub-admin'
import { accountApi } from '../api'
import { useAccountChange } from '../hooks/useAccountChange'
import { Dialog } from '../../../core/ui/Dialog'
import { TextField } from '../../../core/ui/TextField'

/** 绑定邮箱 / 修改邮箱 (§5: 请输入邮箱, 请输入正确的邮箱). */
export function EmailDialog({
  email,
  onSaved,
  onClose,
}: {
  email: string
  onSaved(): void
  onClose(): void
}) {
  const form = useForm({ mailbox: '' })
  const change = useAccountChange()
  const title = email ? '修改邮箱' : '绑定邮箱'

  const submit = async () => {
    if (!form.check((values) => collectErrors({ mailbox: mailboxError(values.mailbox) }))) return
    const saved = await change.run(() => accountApi.editEmail(form.values.mailbox.trim()), '保存成功')
    if (saved) onSaved()
  }

  return (
    <Dialog
      className='account-dialog'
      title={title}
      failure={change.failure}
      busy={change.submitting}
      onConfirm={submit}
      onClose={onClose}
    >
      <TextField
        name='mailbox'
        title='邮箱'
        placeholder='请输入邮箱'
        value={form.values.mailbox}
        onChange={form.change('mailbox')}
        error={form.errors.mailbox}
      />
    </Dialog>
  )
}
