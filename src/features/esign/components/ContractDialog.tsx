import { View } from '@tarojs/components'
import { apiUrl } from '../../../core/http/request'
import { openDocument } from '../../../core/platform/links'
import { ChoiceGroup } from '../../../core/ui/ChoiceGroup'
import { FormSheet, SheetTextField, useFieldReveal } from '../../../core/ui/FormSheet'
import { toast } from '../../../core/ui/toast'
import { useForm } from '../../../core/ui/useForm'
import { useSubmit } from '../../../core/ui/useSubmit'
import { APPLY_TYPE, type ContractForm } from '../../../core/contract/invoices'
import { emptyContractForm, PERSON_ID_TYPES, validateContract } from '../../../core/validation/billing'
import { esignApi, type ContractDocs } from '../api'
import {
  APPLY_TYPE_LABELS,
  CONTRACT_FIELD_ORDER,
  CONTRACT_SAMPLE_URL,
  contractPayload,
  idTypesFor,
} from '../rules'
import './contract-dialog.scss'

interface ContractDialogProps {
  orderId: number
  onClose(): void
  /** Signed: the list reloads and the signed-complete dialog offers the file (doc2 §4). */
  onSigned(docs: ContractDocs): void
}

const APPLY_TYPES = [APPLY_TYPE.personal, APPLY_TYPE.enterprise].map((value) => ({
  value,
  label: APPLY_TYPE_LABELS[value],
}))

const typeOptions = (applyType: number) =>
  idTypesFor(applyType).map((t) => ({ value: t.code, label: t.name }))

/**
 * 申请合同 (doc2 §2 dialogs, §3 Contract application, §5 Contract), a FormSheet: 提交 stays in
 * view, and a refused one brings the first refused field into view. Changing the signing party
 * starts a fresh form.
 */
export function ContractDialog({ orderId, onClose, onSigned }: ContractDialogProps) {
  const form = useForm<ContractForm>(emptyContractForm(APPLY_TYPE.personal))
  const apply = useSubmit({ fallback: '申请失败，请重试' })
  const reveal = useFieldReveal(CONTRACT_FIELD_ORDER)
  const v = form.values
  const enterprise = v.applyType === APPLY_TYPE.enterprise

  const submit = () => {
    apply.reset()
    const errors = validateContract(v)
    if (!form.check(() => errors)) return reveal.show(errors)
    void apply.run(async () => {
      const docs = await esignApi.apply({ orderId, ...contractPayload(v) })
      toast.success('申请成功')
      onSigned(docs)
    })
  }

  return (
    <FormSheet
      title='申请合同'
      reveal={reveal.request}
      failure={apply.failure}
      busy={apply.busy}
      onConfirm={submit}
      onClose={onClose}
    >
      <View
        className='contract-dialog__sample'
        role='link'
        onClick={() => openDocument(apiUrl(CONTRACT_SAMPLE_URL))}
      >
        查看合同样本
      </View>
      <ChoiceGroup
        label='签署主体'
        options={APPLY_TYPES}
        value={v.applyType}
        onChange={(next) => {
          apply.reset()
          form.reset(emptyContractForm(Number(next)))
        }}
      />
      <SheetTextField {...form.field('name')} title='合同抬头' />
      {enterprise && <SheetTextField {...form.field('orgName')} title='单位名称' />}
      <ChoiceGroup
        label={enterprise ? '单位证件类型' : '证件类型'}
        options={typeOptions(v.applyType)}
        value={v.idType}
        onChange={(code) => form.set('idType', code)}
      />
      {enterprise ? (
        <SheetTextField {...form.field('facNumber')} title='证件号码' maxLength={18} />
      ) : (
        <SheetTextField {...form.field('idNumber')} title='证件号码' maxLength={18} />
      )}
      {enterprise && (
        <>
          <SheetTextField
            {...form.field('orgLegalName')}
            title='法定代表人'
            placeholder='请输入法定代表人姓名'
          />
          <ChoiceGroup
            label='法定代表人证件类型'
            options={PERSON_ID_TYPES.map((t) => ({ value: t.code, label: t.name }))}
            value={v.orgLegalIdType}
            onChange={(code) => form.set('orgLegalIdType', code)}
          />
          <SheetTextField {...form.field('orgLegalIdNumber')} title='法定代表人证件号' maxLength={18} />
        </>
      )}
      <SheetTextField {...form.field('contacts')} title='联系人' />
      <SheetTextField {...form.field('mobile')} title='手机号码' type='phone' maxLength={11} />
    </FormSheet>
  )
}
