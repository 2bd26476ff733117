import { View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { yuan } from '../../../core/format/money'
import { ChoiceGroup } from '../../../core/ui/ChoiceGroup'
import { ConfirmDialog } from '../../../core/ui/ConfirmDialog'
import { Dialog } from '../../../core/ui/Dialog'
import { DialogActions } from '../../../core/ui/DialogActions'
import { FieldError } from '../../../core/ui/FieldError'
import { TextField } from '../../../core/ui/TextField'
import { toast } from '../../../core/ui/toast'
import { useForm } from '../../../core/ui/useForm'
import { useSubmit } from '../../../core/ui/useSubmit'
import {
  billTypesFor,
  INVOICE_CONTENT,
  INVOICE_SUBJECT,
  needsPaperConfirmation,
  validateInvoice,
  type InvoiceForm,
} from '../../../core/validation/billing'
import { invoiceApi, type Region } from '../api'
import {
  BILL_TYPE_LABELS,
  changeSubject,
  childrenOf,
  invoiceFields,
  invoicePayload,
  PAPER_CONFIRM_TEXT,
  SUBJECT_LABELS,
} from '../rules'
import './invoice.scss'

export interface InvoiceOrder {
  id: number
  orderCode: string
  payAmount: number
}

interface InvoiceDialogProps {
  order: InvoiceOrder
  onClose(): void
  /** After 申请成功: the list reloads. */
  onApplied(): void
}

const SUBJECTS = [INVOICE_SUBJECT.personal, INVOICE_SUBJECT.enterprise].map((value) => ({
  value,
  label: SUBJECT_LABELS[value],
}))

/** 申请发票 (doc2 §2 dialogs, §3-§5 Invoice). Changing the subject starts a fresh form (§4). */
export function InvoiceDialog({ order, onClose, onApplied }: InvoiceDialogProps) {
  const [subject, setSubject] = useState<number>(INVOICE_SUBJECT.personal)
  const [pending, setPending] = useState<Record<string, string | number> | null>(null)
  const apply = useSubmit({ fallback: '申请失败，请重试' })

  const send = (payload: Record<string, string | number>) => {
    setPending(null)
    void apply.run(async () => {
      await invoiceApi.apply(payload)
      toast.success('申请成功')
      onApplied()
    })
  }

  return (
    <>
      <Dialog title='申请发票' role='form' open={!pending} bodyClassName='dialog__scroll' onClose={onClose}>
        <ChoiceGroup
          label='发票主体'
          options={SUBJECTS}
          value={subject}
          onChange={(next) => {
            apply.reset()
            setSubject(next)
          }}
        />
        <InvoiceFields
          key={subject}
          subject={subject}
          order={order}
          failure={apply.failure}
          sending={apply.busy}
          onCancel={onClose}
          onSubmit={(form, payload) =>
            needsPaperConfirmation(form.billType, order.payAmount) ? setPending(payload) : send(payload)
          }
        />
      </Dialog>
      <ConfirmDialog
        open={Boolean(pending)}
        message={PAPER_CONFIRM_TEXT}
        onConfirm={() => pending && send(pending)}
        onCancel={() => setPending(null)}
      />
    </>
  )
}

interface InvoiceFieldsProps {
  subject: number
  order: InvoiceOrder
  failure: string
  sending: boolean
  onCancel(): void
  onSubmit(form: InvoiceForm, payload: Record<string, string | number>): void
}

function InvoiceFields({ subject, order, failure, sending, onCancel, onSubmit }: InvoiceFieldsProps) {
  const form = useForm<InvoiceForm>(changeSubject(subject))
  const [tree, setTree] = useState<Region[]>([])
  const v = form.values
  const e = form.errors
  const show = invoiceFields(v)

  useEffect(() => {
    if (show.receiver && !tree.length) invoiceApi.regions().then(setTree, () => undefined)
  }, [show.receiver, tree.length])

  const submit = () => {
    if (!form.check(validateInvoice)) return
    onSubmit(v, invoicePayload(order, v, tree))
  }

  const regions = (label: string, field: 'province' | 'city' | 'area', options: Region[]) =>
    options.length > 0 && (
      <ChoiceGroup
        label={label}
        options={options.map((r) => ({ value: r.id, label: r.name }))}
        value={v[field]}
        onChange={(id) => {
          form.set(field, id)
          if (field === 'province') form.set('city', 0)
          if (field !== 'area') form.set('area', 0)
        }}
      />
    )

  return (
    <>
      <ChoiceGroup
        label='发票类型'
        options={billTypesFor(subject).map((value) => ({ value, label: BILL_TYPE_LABELS[value] }))}
        value={v.billType}
        onChange={(value) => form.set('billType', value)}
      />
      <TextField {...form.field('title')} title='发票抬头' />
      {show.taxId && <TextField {...form.field('code')} title='纳税人识别号' />}
      {show.idCard && <TextField {...form.field('IdCard')} title='身份证号' maxLength={18} />}
      <TextField
        name='content'
        title='发票内容'
        value={INVOICE_CONTENT}
        disabled
        onChange={() => undefined}
      />
      <TextField
        name='amount'
        title='发票金额'
        value={yuan(order.payAmount)}
        disabled
        onChange={() => undefined}
      />
      <TextField {...form.field('applicant')} title='申请人' placeholder='请输入申请人名称' />
      <TextField {...form.field('applicantPhone')} title='申请人手机' type='phone' maxLength={11} />
      {show.companyDetails && (
        <>
          <TextField {...form.field('enterpriseAddress')} title='企业地址' />
          <TextField {...form.field('enterpriseTel')} title='企业电话' maxLength={30} />
          <TextField {...form.field('depositBank')} title='开户银行' />
          <TextField {...form.field('depositBankCard')} title='银行卡号' maxLength={30} />
        </>
      )}
      {show.mail && <TextField {...form.field('receiveMail')} title='接收邮箱' />}
      {show.receiver && (
        <>
          <TextField {...form.field('receiveName')} title='收件人' placeholder='请输入收件人姓名' />
          <TextField {...form.field('receivePhone')} title='收件人手机' type='phone' maxLength={11} />
          {regions('省', 'province', tree)}
          <FieldError message={e.province} />
          {regions('市', 'city', childrenOf(tree, v.province))}
          <FieldError message={e.city} />
          {regions('区', 'area', childrenOf(tree, v.province, v.city))}
          <FieldError message={e.area} />
          <TextField {...form.field('address')} title='详细地址' />
        </>
      )}
      <View className='invoice-form__note'>电子发票免费；纸质发票快递费用由收件人到付。</View>
      <FieldError message={failure} />
      <DialogActions confirmText='提交' busy={sending} onConfirm={submit} onCancel={onCancel} />
    </>
  )
}
