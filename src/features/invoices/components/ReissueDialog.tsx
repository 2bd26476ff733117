import { useState } from 'react'
import { Dialog } from '../../../core/ui/Dialog'
import { FieldError } from '../../../core/ui/FieldError'
import { TextField } from '../../../core/ui/TextField'
import { toast } from '../../../core/ui/toast'
import { useSubmit } from '../../../core/ui/useSubmit'
import { REISSUE_REASON_MAX, reissueReasonError } from '../../../core/validation/invoices'
import { invoiceApi, type InvoiceApplication } from '../api'

interface ReissueDialogProps {
  application: InvoiceApplication
  onClose(): void
  /** After the request: the list reloads (the invoice shows 换开中). */
  onDone(): void
}

/** 换开: asks for the reason; the issued invoice goes to 换开中 until it is re-issued. */
export function ReissueDialog({ application, onClose, onDone }: ReissueDialogProps) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState('')
  const save = useSubmit({ fallback: '提交失败，请重试' })

  const submit = () => {
    const refused = reissueReasonError(reason)
    if (refused) return setError(refused)
    void save.run(async () => {
      await invoiceApi.reissue(application.id, reason.trim())
      toast.success('已提交换开申请')
      onDone()
    })
  }

  return (
    <Dialog
      title='申请换开'
      role='form'
      note={`发票抬头：${application.title}`}
      failure={save.failure}
      busy={save.busy}
      onConfirm={submit}
      onClose={onClose}
    >
      <TextField
        name='reason'
        title='换开原因'
        placeholder={`请填写换开原因（${REISSUE_REASON_MAX}字以内）`}
        maxLength={REISSUE_REASON_MAX}
        value={reason}
        onChange={(value) => {
          setReason(value)
          setError('')
        }}
      />
      <FieldError message={error} />
    </Dialog>
  )
}
