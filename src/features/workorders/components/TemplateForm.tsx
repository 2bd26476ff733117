import { Text, View } from '@tarojs/components'
import { useEffect, useMemo, useState } from 'react'
import {
  WORK_ORDER_TYPE,
  type ConsultableOrder,
  type CreatedWorkOrder,
  type FieldCode,
  type MaintenanceOrder,
  type ProblemTemplate,
  type ServiceProjectItem,
  type TemplateField,
  type WorkOrderType,
} from '../../../core/contract/work-orders'
import { maskPhone } from '../../../core/format/mask'
import { useSession } from '../../../core/session/store'
import { Button } from '../../../core/ui/Button'
import { FieldError } from '../../../core/ui/FieldError'
import { PageLoading } from '../../../core/ui/PageLoading'
import { ResourceStatus } from '../../../core/ui/ResourceStatus'
import { useResource } from '../../../core/ui/useResource'
import { useSubmit } from '../../../core/ui/useSubmit'
import type { FieldErrors } from '../../../core/validation/rules'
import { isFileField, validateWorkOrderForm } from '../../../core/validation/work-orders'
import { workOrderApi } from '../api'
import { submitDraftName } from '../drafts'
import { useDraft } from '../hooks/useDraft'
import {
  createRequest,
  isLongText,
  isMaintenanceField,
  isOrderField,
  maintenancePairError,
  serviceRequest,
  sortedFields,
  typeLabel,
  type SubmitDraft,
} from '../rules'
import { AttachmentField } from './AttachmentField'
import { Choices } from './Choices'
import { FormField } from './FormField'
import { ServiceItems } from './ServiceItems'

interface TemplateFormProps {
  type: WorkOrderType
  onBack(): void
  onCreated(order: CreatedWorkOrder): void
}

const emptyDraft = (type: WorkOrderType): SubmitDraft => ({
  type,
  templateId: null,
  values: {},
  files: {},
  services: {},
})

function isEmptyDraft(draft: SubmitDraft, prefill: string) {
  const values = Object.entries(draft.values).filter(
    ([code, v]) => v && !(code === 'telPhone' && v === prefill),
  )
  const files = Object.values(draft.files).some((list) => list && list.length)
  const services = Object.values(draft.services).some(Boolean)
  return draft.templateId === null && !values.length && !files && !services
}

/**
 * A maintenance request needs its site and order (the service items come from that order): when the
 * template does not list those fields, they are asked first anyway.
 */
function withMaintenancePickers(fields: TemplateField[]): TemplateField[] {
  const extra: TemplateField[] = []
  if (!fields.some((f) => f.fieldCode === 'websiteDomain'))
    extra.push({ fieldName: '网站域名', fieldCode: 'websiteDomain', required: true, sort: -2 })
  if (!fields.some((f) => f.fieldCode === 'dwServiceOrder'))
    extra.push({ fieldName: '代维订单', fieldCode: 'dwServiceOrder', required: true, sort: -1 })
  return [...extra, ...fields]
}

const orderLabel = (o: ConsultableOrder) =>
  `${o.orderCode} ${o.productName}${o.productVersion ? `（${o.productVersion}）` : ''}`

/** Step 2: the template for the category, its fields in `sort` order, uploads, and for 代维管家 the items. */
export function TemplateForm({ type, onBack, onCreated }: TemplateFormProps) {
  const prefill = maskPhone(useSession((s) => s.userinfo?.bindPhone))
  const draft = useDraft<SubmitDraft>(submitDraftName(type), emptyDraft(type), (d) =>
    isEmptyDraft(d, prefill),
  )
  const form = draft.value
  const templateList = useResource(
    (): Promise<ProblemTemplate[]> =>
      workOrderApi.templates(type).then((list) => (Array.isArray(list) ? list : [])),
    [type],
  )
  const templates = templateList.data ?? null
  const [orders, setOrders] = useState<Partial<Record<FieldCode, ConsultableOrder[]>>>({})
  const [maintenance, setMaintenance] = useState<MaintenanceOrder[]>([])
  const [items, setItems] = useState<ServiceProjectItem[]>([])
  const [errors, setErrors] = useState<FieldErrors<FieldCode>>({})
  const creating = useSubmit()
  const isMaintenance = type === WORK_ORDER_TYPE.maintenance

  const template = templates?.find((t) => t.id === form.templateId) ?? null
  const fields = useMemo(
    () =>
      isMaintenance && template ? withMaintenancePickers(sortedFields(template)) : sortedFields(template),
    [template, isMaintenance],
  )

  // The lists a field needs, loaded once the template asks for them.
  useEffect(() => {
    for (const code of ['orderCode', 'newOrderCode'] as const) {
      if (!fields.some((f) => f.fieldCode === code) || orders[code]) continue
      const load = code === 'orderCode' ? workOrderApi.consultableOrders : workOrderApi.newConsultableOrders
      load()
        .then((list) => setOrders((o) => ({ ...o, [code]: Array.isArray(list) ? list : [] })))
        .catch(() => setOrders((o) => ({ ...o, [code]: [] })))
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fields])
  useEffect(() => {
    if (!isMaintenance) return
    workOrderApi
      .maintenanceOrders()
      .then((list) => setMaintenance(Array.isArray(list) ? list : []))
      .catch(() => undefined)
  }, [isMaintenance])

  // The contact phone starts as the masked bound phone, accepted as is.
  useEffect(() => {
    if (prefill && fields.some((f) => f.fieldCode === 'telPhone') && form.values.telPhone === undefined)
      setValue('telPhone', prefill)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [prefill, fields])

  const chosenMaintenance = maintenance.find((m) => m.orderCode === form.values.dwServiceOrder)
  useEffect(() => {
    if (!chosenMaintenance) return setItems([])
    workOrderApi
      .serviceProjects(chosenMaintenance.orderCode, chosenMaintenance.productVersion)
      .then((list) => setItems(Array.isArray(list) ? list : []))
      .catch(() => setItems([]))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chosenMaintenance?.orderCode])

  function update(change: (d: SubmitDraft) => SubmitDraft, cleared: FieldCode | 'templateId') {
    draft.setValue(change(form))
    setErrors((e) => ({ ...e, [cleared]: undefined }))
  }
  function setValue(code: FieldCode, value: string) {
    update((d) => ({ ...d, values: { ...d.values, [code]: value } }), code)
  }
  /** Choosing the 代维订单 fills its 网站域名 (the pair the server expects). */
  function chooseMaintenanceOrder(orderCode: string) {
    const site = maintenance.find((m) => m.orderCode === orderCode)?.websiteDomain
    update(
      (d) => ({
        ...d,
        values: { ...d.values, dwServiceOrder: orderCode, ...(site ? { websiteDomain: site } : {}) },
      }),
      'dwServiceOrder',
    )
  }
  // A restored draft or a changed domain may no longer match the chosen order: said at the field.
  const pairError = isMaintenance ? maintenancePairError(maintenance, form.values) : null

  const domains = [...new Set(maintenance.map((m) => m.websiteDomain))]
  const submit = () => {
    const serviceProject = isMaintenance ? serviceRequest(items, form.services) : undefined
    const fileCounts = Object.fromEntries(
      Object.entries(form.files).map(([code, list]) => [code, list?.length ?? 0]),
    )
    const found = validateWorkOrderForm(fields, {
      templateId: form.templateId,
      values: form.values,
      fileCounts,
      serviceProject,
    })
    setErrors(found)
    // A mismatched pair is already said at the order field.
    if (Object.keys(found).length || pairError) return
    const consulted = fields
      .map((f) => orders[f.fieldCode]?.find((o) => o.orderCode === form.values[f.fieldCode]))
      .find(Boolean)
    // A refusal shows above 提交; the draft stays.
    void creating.run(async () => {
      const created = await workOrderApi.create(
        createRequest(form, fields, {
          productVersion: chosenMaintenance?.productVersion ?? consulted?.productVersion,
          serviceProject,
        }),
      )
      draft.discard()
      onCreated(created)
    })
  }

  if (!templates) return <ResourceStatus resource={templateList} />

  return (
    <View className='wo-form' role='form' aria-label='工单信息'>
      <View className='wo-form__category'>
        问题分类：{typeLabel(type)}
        <View role='button' className='wo-link' onClick={onBack}>
          重新选择
        </View>
      </View>
      {draft.restored && (
        <View className='wo-draft' role='status'>
          已恢复上次未提交的内容
          <View role='button' className='wo-link' onClick={() => draft.discard(emptyDraft(type))}>
            丢弃草稿
          </View>
        </View>
      )}
      <View className='wo-field'>
        <View className='wo-field__label'>
          <Text className='wo-field__required'>*</Text>问题细类
        </View>
        {templates.length ? (
          <Choices
            label='问题细类'
            column
            options={templates.map((t) => ({ value: t.id, label: t.taskName }))}
            value={form.templateId}
            onChange={(templateId) => update((d) => ({ ...d, templateId }), 'templateId')}
          />
        ) : (
          <View className='list-status list-status--empty'>暂无数据</View>
        )}
        <FieldError message={errors.templateId} />
      </View>

      {fields.map((field) => {
        const code = field.fieldCode
        const error = errors[code]
        if (isFileField(code))
          return (
            <AttachmentField
              key={code}
              label={field.fieldName}
              required={field.required}
              files={form.files[code] ?? []}
              error={error}
              onChange={(files) => update((d) => ({ ...d, files: { ...d.files, [code]: files } }), code)}
            />
          )
        if (isOrderField(code))
          return (
            <View key={code} className='wo-field'>
              <View className='wo-field__label'>
                {field.required && <Text className='wo-field__required'>*</Text>}
                {field.fieldName}
              </View>
              {orders[code] === undefined ? (
                <PageLoading />
              ) : orders[code]?.length ? (
                <Choices
                  label={field.fieldName}
                  column
                  options={(orders[code] ?? []).map((o) => ({ value: o.orderCode, label: orderLabel(o) }))}
                  value={form.values[code] ?? null}
                  onChange={(v) => setValue(code, v)}
                />
              ) : (
                <View className='wo-field__hint'>暂无可咨询的订单</View>
              )}
              <FieldError message={error} />
            </View>
          )
        if (isMaintenanceField(code)) {
          if (code === 'serviceProject') return null
          const options =
            code === 'websiteDomain'
              ? domains.map((d) => ({ value: d, label: d }))
              : maintenance.map((m) => ({
                  value: m.orderCode,
                  label: `${m.orderCode}（${m.productVersion}，${m.websiteDomain}）`,
                }))
          return (
            <View key={code} className='wo-field'>
              <View className='wo-field__label'>
                {field.required && <Text className='wo-field__required'>*</Text>}
                {field.fieldName}
              </View>
              <Choices
                label={field.fieldName}
                column
                options={options}
                value={form.values[code] ?? null}
                onChange={(v) => (code === 'dwServiceOrder' ? chooseMaintenanceOrder(v) : setValue(code, v))}
              />
              <FieldError message={error ?? (code === 'dwServiceOrder' ? pairError : null)} />
            </View>
          )
        }
        return (
          <FormField
            key={code}
            name={code}
            label={field.fieldName}
            required={field.required}
            value={form.values[code] ?? ''}
            error={error}
            multiline={isLongText(code)}
            phone={code === 'telPhone'}
            onChange={(v) => setValue(code, v)}
          />
        )
      })}

      {isMaintenance && template && (
        <ServiceItems
          items={items}
          typed={form.services}
          error={errors.serviceProject}
          onChange={(code, value) =>
            update((d) => ({ ...d, services: { ...d.services, [code]: value } }), 'serviceProject')
          }
        />
      )}

      <FieldError message={creating.failure} />
      <View className='wo-form__actions'>
        <Button type='primary' loading={creating.busy} onClick={submit}>
          提交
        </Button>
      </View>
    </View>
  )
}
