import { Dialog } from '../../../core/ui/Dialog'
import { NewPasswordFields } from '../../../core/ui/NewPasswordFields'
import { toast } from '../../../core/ui/toast'
import { useForm } from '../../../core/ui/useForm'
import { useSubmit } from '../../../core/ui/useSubmit'
import { validatePasswordReset } from '../../../core/validation/rules'
import { authApi } from '../api'
import { encryptedPasswords } from '../passwords'
import { PhoneCodeFields } from './PhoneCodeFields'

/** 忘记密码: phone, SMS code, new password twice; 重置成功 (doc2 §2 Login). */
export function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const form = useForm({ phone: '', code: '', password: '', passwordAgain: '' })
  const reset = useSubmit({ fallback: '重置失败，请重试' })
  const v = form.values

  const submit = () => {
    reset.reset()
    if (!form.check(validatePasswordReset)) return
    void reset.run(async () => {
      await authApi.forgetPassword({ ...encryptedPasswords(v), phone: v.phone.trim(), code: v.code.trim() })
      toast.success('重置成功')
      onClose()
    })
  }

  return (
    <Dialog
      title='找回密码'
      open={open}
      className='auth-dialog'
      failure={reset.failure}
      busy={reset.busy}
      onConfirm={submit}
      onClose={onClose}
    >
      <PhoneCodeFields form={form} name='reset' send='forget' />
      <NewPasswordFields
        form={form}
        name='reset'
        title='新密码'
        placeholders={{ password: '请输入新的登录密码', again: '请再次输入新密码' }}
      />
    </Dialog>
  )
}
