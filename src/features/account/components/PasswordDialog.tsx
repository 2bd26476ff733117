import { PASSWORD_AES_KEY } from '../../../core/config/shared'
import { encryptPassword } from '../../../core/crypto/password'
import { NewPasswordFields } from '../../../core/ui/NewPasswordFields'
import { useForm } from '../../../core/ui/useForm'
import type { PasswordModel } from '../../../core/contract/account-settings'
import { validatePasswordChange } from '../../../core/validation/account'
import { accountApi } from '../api'
import { useAccountChange } from '../hooks/useAccountChange'
import { passwordAction } from '../rules'
import { Dialog } from '../../../core/ui/Dialog'
import { TextField } from '../../../core/ui/TextField'

const encrypt = (plain: string) => encryptPassword(plain, PASSWORD_AES_KEY)

/**
 * 设置密码 (model 0, none yet) or 修改密码 (model 1, the current one first): trimmed and encrypted
 * like the login (doc2 §5). The member's other sessions end; this one stays.
 */
export function PasswordDialog({
  model,
  onSaved,
  onClose,
}: {
  model: PasswordModel
  onSaved(): void
  onClose(): void
}) {
  const form = useForm({ oldPassword: '', password: '', passwordAgain: '' })
  const change = useAccountChange('修改失败，请重试')
  const action = passwordAction(model)
  const v = form.values

  const submit = async () => {
    if (!form.check((values) => validatePasswordChange(values, model))) return
    const saved = await change.run(
      () =>
        accountApi.updatePassword({
          oldPassword: action.needsOldPassword ? encrypt(v.oldPassword) : '',
          password: encrypt(v.password),
          passwordAgain: encrypt(v.passwordAgain),
          model,
        }),
      action.needsOldPassword ? '修改成功' : '设置成功',
    )
    if (saved) onSaved()
  }

  return (
    <Dialog
      className='account-dialog'
      title={action.title}
      failure={change.failure}
      busy={change.submitting}
      onConfirm={submit}
      onClose={onClose}
    >
      {action.needsOldPassword && (
        <TextField
          name='old-password'
          title='当前密码'
          type='password'
          placeholder='请输入当前密码'
          value={v.oldPassword}
          onChange={form.change('oldPassword')}
          error={form.errors.oldPassword}
        />
      )}
      <NewPasswordFields
        form={form}
        name='new'
        title='新密码'
        placeholders={{ password: '请输入登录密码', again: '请输入确认登录密码' }}
      />
    </Dialog>
  )
}
