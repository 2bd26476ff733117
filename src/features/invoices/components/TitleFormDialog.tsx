import { ChoiceGroup } from '../../../core/ui/ChoiceGroup'
import { Dialog } from '../../../core/ui/Dialog'
import { TextField } from '../../../core/ui/TextField'
import { toast } from '../../../core/ui/toast'
import { useForm } from '../../../core/ui/useForm'
import { useSubmit } from '../../../core/ui/useSubmit'
import { INVOICE_SUBJECT } from '../../../core/contract/invoices'
import { validateInvoiceTitle } from '../../../core/validation/invoices'
import { invoiceApi, type InvoiceTitle } from '../api'
import { SUBJECT_LABELS, titleForm, titleRequest, type TitleForm } from '../rules'

interface TitleFormDialogProps {
  /** The title edited; absent when adding one. */
  title?: InvoiceTitle
  onClose(): void
  onSaved(): void
}

const SUBJECTS = [INVOICE_SUBJECT.enterprise, INVOICE_SUBJECT.personal].map((value) => ({
  value,
  label: SUBJECT_LABELS[value],
}))

/** 新增 / 编辑发票抬头, with the invoice form's rules and messages. */
export function TitleFormDialog({ title, onClose, onSaved }: TitleFormDialogProps) {
  const form = useForm<TitleForm>(titleForm(title))
  const save = useSubmit({ fallback: '保存失败，请重试' })
  const v = form.values
  const enterprise = v.subject === INVOICE_SUBJECT.enterprise

  const submit = () => {
    const request = titleRequest(v)
    if (!form.check(() => validateInvoiceTitle(request))) return
    void save.run(async () => {
      if (title) await invoiceApi.updateTitle(title.id, request)
      else await invoiceApi.addTitle(request)
      toast.success('保存成功')
      onSaved()
    })
  }

  return (
    <Dialog
      title={title ? '编辑发票抬头' : '新增发票抬头'}
      role='form'
      failure={save.failure}
      busy={save.busy}
      confirmText='保存'
      onConfirm={submit}
      onClose={onClose}
    >
      <ChoiceGroup
        label='抬头类型'
        options={SUBJECTS}
        value={v.subject}
        onChange={(subject) => form.set('subject', subject)}
      />
      <TextField {...form.field('title')} title='发票抬头' />
      <TextField
        {...form.field('code')}
        title={enterprise ? '纳税人识别号' : '身份证号'}
        maxLength={enterprise ? 100 : 18}
      />
      {enterprise && (
        <>
          <TextField {...form.field('enterpriseAddress')} title='企业地址' placeholder='选填' />
          <TextField {...form.field('enterpriseTel')} title='企业电话' placeholder='选填' maxLength={30} />
          <TextField {...form.field('depositBank')} title='开户银行' placeholder='选填' />
          <TextField {...form.field('depositBankCard')} title='银行卡号' placeholder='选填' maxLength={30} />
        </>
      )}
      <TextField {...form.field('mailboxes')} title='接收邮箱' placeholder='多个邮箱用逗号分隔，最多5个' />
    </Dialog>
  )
}
