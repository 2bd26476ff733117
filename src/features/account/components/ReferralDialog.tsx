import { useForm } from '../../../core/ui/useForm'
import { accountReferralCodeError } from '../../../core/validation/account'
import { collectErrors } from '../../../core/validation/rules'
import { accountApi } from '../api'
import { useAccountChange } from '../hooks/useAccountChange'
import { Dialog } from '../../../core/ui/Dialog'
import { TextField } from '../../../core/ui/TextField'

/** 推荐码 (§5: 6 letters or digits; main account only, §6). */
export function ReferralDialog({ onSaved, onClose }: { onSaved(): void; onClose(): void }) {
  const form = useForm({ referralCode: '' })
  const change = useAccountChange()

  const submit = async () => {
    if (
      !form.check((values) => collectErrors({ referralCode: accountReferralCodeError(values.referralCode) }))
    ) {
      return
    }
    const saved = await change.run(
      () => accountApi.updateReferralCode(form.values.referralCode.trim()),
      '保存成功',
    )
    if (saved) onSaved()
  }

  return (
    <Dialog
      className='account-dialog'
      title='填写推荐码'
      failure={change.failure}
      busy={change.submitting}
      onConfirm={submit}
      onClose={onClose}
    >
      <TextField
        name='referral-code'
        title='推荐码'
        placeholder='请输入6位数字+字母的推荐码'
        maxLength={6}
        value={form.values.referralCode}
        onChange={form.change('referralCode')}
        error={form.errors.referralCode}
      />
    </Dialog>
  )
}
