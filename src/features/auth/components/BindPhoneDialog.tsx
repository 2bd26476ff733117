import { Dialog } from '../../../core/ui/Dialog'
import { useForm } from '../../../core/ui/useForm'
import { useSubmit } from '../../../core/ui/useSubmit'
import { validateSmsLogin } from '../../../core/validation/rules'
import { authApi } from '../api'
import { PhoneCodeFields } from './PhoneCodeFields'

interface BindPhoneDialogProps {
  /** Binds the phone (per login way) and finishes the login. */
  bind(phone: string, code: string): Promise<void>
  onCancel(): void
  /** What 取消 costs, said before it is chosen (the home's dialog logs out: 取消将退出登录). */
  cancelWarning?: string
}

/** 绑定手机: a WeChat login whose member has no phone yet (doc2 §2 Login, §4). */
export function BindPhoneDialog({ bind, onCancel, cancelWarning }: BindPhoneDialogProps) {
  const form = useForm({ phone: '', code: '' })
  const binding = useSubmit({ fallback: '绑定失败，请重试' })

  const submit = () => {
    binding.reset()
    if (!form.check(validateSmsLogin)) return
    void binding.run(() => bind(form.values.phone.trim(), form.values.code.trim()))
  }

  return (
    <Dialog
      title='绑定手机号'
      className='auth-dialog'
      failure={binding.failure}
      busy={binding.busy}
      note={`为了您的账号安全，请绑定手机号后继续使用。${cancelWarning ?? ''}`}
      confirmText='绑定'
      onConfirm={submit}
      onClose={onCancel}
    >
      <PhoneCodeFields form={form} name='bind' send={authApi.sendBindPhoneCode} />
    </Dialog>
  )
}
