import { useForm } from '../../../core/ui/useForm'
import { accountFullNameError, memberAccountError, sanitizeName } from '../../../core/validation/account'
import { renamedMemberAccountError } from '../../../core/validation/generated-names'
import { collectErrors } from '../../../core/validation/rules'
import { accountApi } from '../api'
import { useAccountChange } from '../hooks/useAccountChange'
import { Dialog } from '../../../core/ui/Dialog'
import { TextField } from '../../../core/ui/TextField'

interface NameDialogProps {
  memberAccount: string
  fullName: string
  /** Sub-admins see the member account but cannot change it (§2, §6). */
  memberAccountEditable: boolean
  onSaved(): void
  onClose(): void
}

/** 编辑账号信息: 账号 and 账号名称; special characters are stripped and 32 width units kept as typed (§5). */
export function NameDialog({
  memberAccount,
  fullName,
  memberAccountEditable,
  onSaved,
  onClose,
}: NameDialogProps) {
  const form = useForm({ memberAccount, fullName })
  const change = useAccountChange()
  const v = form.values

  const submit = async () => {
    const valid = form.check((values) =>
      collectErrors({
        memberAccount: memberAccountEditable
          ? (memberAccountError(values.memberAccount) ??
            renamedMemberAccountError(values.memberAccount, memberAccount))
          : null,
        fullName: accountFullNameError(values.fullName),
      }),
    )
    if (!valid) return
    const saved = await change.run(
      () => accountApi.editName(memberAccountEditable ? v.memberAccount.trim() : '', v.fullName.trim()),
      '保存成功',
    )
    if (saved) onSaved()
  }

  return (
    <Dialog
      className='account-dialog'
      title='编辑账号信息'
      failure={change.failure}
      busy={change.submitting}
      confirmText='保存'
      onConfirm={submit}
      onClose={onClose}
    >
      <TextField
        name='member-account'
        title='账号'
        placeholder='请输入新的账号'
        disabled={!memberAccountEditable}
        value={v.memberAccount}
        onChange={(value: string) => form.set('memberAccount', sanitizeName(value))}
        error={form.errors.memberAccount}
      />
      <TextField
        name='full-name'
        title='账号名称'
        placeholder='请输入姓名'
        value={v.fullName}
        onChange={(value: string) => form.set('fullName', sanitizeName(value))}
        error={form.errors.fullName}
      />
    </Dialog>
  )
}
