import { View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { yuan } from '../../../core/format/money'
import { ChoiceGroup } from '../../../core/ui/ChoiceGroup'
import { ConfirmDialog } from '../../../core/ui/ConfirmDialog'
import { FieldAnchor, FormSheet, SheetTextField, useFieldReveal } from '../../../core/ui/FormSheet'
import { FieldError } from '../../../core/ui/FieldError'
import { TextField } from '../../../core/ui/TextField'
import { toast } from '../../../core/ui/toast'
import { useForm } from '../../../core/ui/useForm'
import { useSubmit } from '../../../core/ui/useSubmit'
import { INVOICE_SUBJECT, type InvoiceForm } from '../../../core/contract/invoices'
import {
  billTypesFor,
  INVOICE_CONTENT,
  needsPaperConfirmation,
  validateInvoice,
} from '../../../core/validation/billing'
import { invoiceApi, type Region } from '../api'
import {
  applyTitle,
  BILL_TYPE_LABELS,
  changeSubject,
  childrenOf,
  INVOICE_FIELD_ORDER,
  invoiceFields,
  invoicePayload,
  mergedAmount,
  PAPER_CONFIRM_TEXT,
  SUBJECT_LABELS,
  type InvoicePayload,
} from '../rules'
import { TitlePicker } from './TitlePicker'
import './invoice.scss'

export interface InvoiceOrder {
  id: number
  orderCode: string
  payAmount: number
}

interface InvoiceDialogProps {
  /** One order (applyBill), or several for one invoice (合并开票, applyMergedBill). */
  order: InvoiceOrder | readonly InvoiceOrder[]
  onClose(): void
  /** After 申请成功: the list reloads. */
  onApplied(): void
}

const SUBJECTS = [INVOICE_SUBJECT.personal, INVOICE_SUBJECT.enterprise].map((value) => ({
  value,
  label: SUBJECT_LABELS[value],
}))

/** The orders as one: the first order's id and code, the sum of their amounts. */
function asOne(order: InvoiceDialogProps['order']): InvoiceOrder {
  if (!Array.isArray(order)) return order as InvoiceOrder
  return { id: order[0].id, orderCode: order[0].orderCode, payAmount: mergedAmount(order) }
}

/**
 * 申请发票 (doc2 §2 dialogs, §3-§5 Invoice), a FormSheet: 提交 stays in view, and a refused one
 * brings the first refused field into view. Changing the subject starts a fresh form (§4); a saved
 * title fills its fields. Several orders make one merged application of their summed amount.
 */
export function InvoiceDialog({ order: given, onClose, onApplied }: InvoiceDialogProps) {
  const merged = Array.isArray(given) ? (given as readonly InvoiceOrder[]) : null
  const order = asOne(given)
  const form = useForm<InvoiceForm>(changeSubject(INVOICE_SUBJECT.personal))
  const [tree, setTree] = useState<Region[]>([])
  const [pending, setPending] = useState<InvoicePayload | null>(null)
  const apply = useSubmit({ fallback: '申请失败，请重试' })
  const reveal = useFieldReveal(INVOICE_FIELD_ORDER)
  const v = form.values
  const show = invoiceFields(v)

  useEffect(() => {
    if (show.receiver && !tree.length) invoiceApi.regions().then(setTree, () => undefined)
  }, [show.receiver, tree.length])

  const send = (payload: InvoicePayload) => {
    setPending(null)
    void apply.run(async () => {
      if (merged) await invoiceApi.applyMerged({ ...payload, orderCodes: merged.map((o) => o.orderCode) })
      else await invoiceApi.apply(payload)
      toast.success('申请成功')
      onApplied()
    })
  }

  const submit = () => {
    const errors = validateInvoice(v)
    if (!form.check(() => errors)) return reveal.show(errors)
    const payload = invoicePayload(order, v, tree)
    if (needsPaperConfirmation(v.billType, order.payAmount)) setPending(payload)
    else send(payload)
  }

  return (
    <>
      <FormSheet
        title={merged ? `合并开票（${merged.length}个订单）` : '申请发票'}
        open={!pending}
        reveal={reveal.request}
        failure={apply.failure}
        busy={apply.busy}
        onConfirm={submit}
        onClose={onClose}
      >
        <TitlePicker
          onPick={(title) => {
            apply.reset()
            form.reset(applyTitle(v, title))
          }}
        />
        <ChoiceGroup
          label='发票主体'
          options={SUBJECTS}
          value={v.subject}
          onChange={(next) => {
            apply.reset()
            form.reset(changeSubject(next))
          }}
        />
        <InvoiceFields form={form} order={order} tree={tree} />
      </FormSheet>
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
  form: ReturnType<typeof useForm<InvoiceForm>>
  order: InvoiceOrder
  tree: Region[]
}

/** The fields the subject and bill type show, in INVOICE_FIELD_ORDER. */
function InvoiceFields({ form, order, tree }: InvoiceFieldsProps) {
  const v = form.values
  const e = form.errors
  const show = invoiceFields(v)

  const regions = (label: string, field: 'province' | 'city' | 'area', options: Region[]) => (
    <FieldAnchor name={field}>
      {options.length > 0 && (
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
      )}
      <FieldError message={e[field]} />
    </FieldAnchor>
  )

  return (
    <>
      <ChoiceGroup
        label='发票类型'
        options={billTypesFor(v.subject).map((value) => ({ value, label: BILL_TYPE_LABELS[value] }))}
        value={v.billType}
        onChange={(value) => form.set('billType', value)}
      />
      <SheetTextField {...form.field('title')} title='发票抬头' />
      {show.taxId && <SheetTextField {...form.field('code')} title='纳税人识别号' />}
      {show.idCard && <SheetTextField {...form.field('IdCard')} title='身份证号' maxLength={18} />}
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
      <SheetTextField {...form.field('applicant')} title='申请人' placeholder='请输入申请人名称' />
      <SheetTextField {...form.field('applicantPhone')} title='申请人手机' type='phone' maxLength={11} />
      {show.companyDetails && (
        <>
          <SheetTextField {...form.field('enterpriseAddress')} title='企业地址' />
          <SheetTextField {...form.field('enterpriseTel')} title='企业电话' maxLength={30} />
          <SheetTextField {...form.field('depositBank')} title='开户银行' />
          <SheetTextField {...form.field('depositBankCard')} title='银行卡号' maxLength={30} />
        </>
      )}
      {show.mail && <SheetTextField {...form.field('receiveMail')} title='接收邮箱' />}
      {show.receiver && (
        <>
          <SheetTextField {...form.field('receiveName')} title='收件人' placeholder='请输入收件人姓名' />
          <SheetTextField {...form.field('receivePhone')} title='收件人手机' type='phone' maxLength={11} />
          {regions('省', 'province', tree)}
          {regions('市', 'city', childrenOf(tree, v.province))}
          {regions('区', 'area', childrenOf(tree, v.province, v.city))}
          <SheetTextField {...form.field('address')} title='详细地址' />
        </>
      )}
      <View className='invoice-form__note'>电子发票免费；纸质发票快递费用由收件人到付。</View>
    </>
  )
}
