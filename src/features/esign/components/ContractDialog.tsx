import { View } from '@tarojs/components'
import { useState } from 'react'
import { apiUrl } from '../../../core/http/request'
import { openDocument } from '../../../core/platform/links'
import { ChoiceGroup } from '../../../core/ui/ChoiceGroup'
import { Dialog } from '../../../core/ui/Dialog'
import { DialogActions } from '../../../core/ui/DialogActions'
import { FieldError } from '../../../core/ui/FieldError'
import { TextField } from '../../../core/ui/TextField'
import { toast } from '../../../core/ui/toast'
import { useForm } from '../../../core/ui/useForm'
import { useSubmit } from '../../../core/ui/useSubmit'
import {
  APPLY_TYPE,
  emptyContractForm,
  PERSON_ID_TYPES,
  validateContract,
  type ContractForm,
} from '../../../core/validation/billing'
import { esignApi, type ContractDocs } from '../api'
import { APPLY_TYPE_LABELS, CONTRACT_SAMPLE_URL, contractPayload, idTypesFor } from '../rules'
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

/** 申请合同 (doc2 §2 dialogs, §3 Contract application, §5 Contract). */
export function ContractDialog({ orderId, onClose, onSigned }: ContractDialogProps) {
  const [applyType, setApplyType] = useState<number>(APPLY_TYPE.personal)
  return (
    <Dialog title='申请合同' role='form' bodyClassName='dialog__scroll' onClose={onClose}>
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
        value={applyType}
        onChange={(value) => setApplyType(Number(value))}
      />
      <ContractFields
        key={applyType}
        applyType={applyType}
        orderId={orderId}
        onCancel={onClose}
        onSigned={onSigned}
      />
    </Dialog>
  )
}

interface ContractFieldsProps {
  applyType: number
  orderId: number
  onCancel(): void
  onSigned(docs: ContractDocs): void
}

function ContractFields({ applyType, orderId, onCancel, onSigned }: ContractFieldsProps) {
  const form = useForm<ContractForm>(emptyContractForm(applyType))
  const apply = useSubmit({ fallback: '申请失败，请重试' })
  const v = form.values
  const enterprise = applyType === APPLY_TYPE.enterprise

  const submit = () => {
    apply.reset()
    if (!form.check(validateContract)) return
    void apply.run(async () => {
      const docs = await esignApi.apply(orderId, contractPayload(v))
      toast.success('申请成功')
      onSigned(docs)
    })
  }

  return (
    <>
      <TextField {...form.field('name')} title='合同抬头' />
      {enterprise && <TextField {...form.field('orgName')} title='单位名称' />}
      <ChoiceGroup
        label={enterprise ? '单位证件类型' : '证件类型'}
        options={typeOptions(applyType)}
        value={v.idType}
        onChange={(code) => form.set('idType', code)}
      />
      {enterprise ? (
        <TextField {...form.field('facNumber')} title='证件号码' maxLength={18} />
      ) : (
        <TextField {...form.field('idNumber')} title='证件号码' maxLength={18} />
      )}
      {enterprise && (
        <>
          <TextField {...form.field('orgLegalName')} title='法定代表人' placeholder='请输入法定代表人姓名' />
          <ChoiceGroup
            label='法定代表人证件类型'
            options={PERSON_ID_TYPES.map((t) => ({ value: t.code, label: t.name }))}
            value={v.orgLegalIdType}
            onChange={(code) => form.set('orgLegalIdType', code)}
          />
          <TextField {...form.field('orgLegalIdNumber')} title='法定代表人证件号' maxLength={18} />
        </>
      )}
      <TextField {...form.field('contacts')} title='联系人' />
      <TextField {...form.field('mobile')} title='手机号码' type='phone' maxLength={11} />
      <FieldError message={apply.failure} />
      <DialogActions confirmText='提交' busy={apply.busy} onConfirm={submit} onCancel={onCancel} />
    </>
  )
}
