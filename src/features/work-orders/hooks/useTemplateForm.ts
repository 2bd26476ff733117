import { useEffect, useMemo, useState } from 'react'
import {
  WORK_ORDER_TYPE,
  type CreatedWorkOrder,
  type FieldCode,
  type ProblemTemplate,
  type WorkOrderType,
} from '../../../core/contract/work-orders'
import { maskPhone } from '../../../core/format/mask'
import { useSession } from '../../../core/session/store'
import { useResource } from '../../../core/ui/useResource'
import { useSubmit } from '../../../core/ui/useSubmit'
import { WORK_ORDER_TEMPLATES } from '../../../core/contract/wechat-messages'
import { useWechatReminders } from '../../../core/wechat/useWechatReminders'
import type { FieldErrors } from '../../../core/validation/rules'
import { validateWorkOrderForm } from '../../../core/validation/work-orders'
import { workOrderApi } from '../api'
import { clearDraft, currentOwner, submitDraftName } from '../drafts'
import {
  consultedOrder,
  createRequest,
  emptySubmitDraft,
  fileCounts,
  isEmptySubmitDraft,
  listOf,
  maintenancePairError,
  serviceRequest,
  sortedFields,
  withMaintenancePickers,
  withMaintenanceOrder,
  type SubmitDraft,
} from '../rules'
import { useConsultableOrders } from './useConsultableOrders'
import { useDraft } from './useDraft'
import { useMaintenanceOrders } from './useMaintenanceOrders'

/**
 * Step 2's state: the category's templates, the chosen one's fields in `sort` order, what is typed
 * (kept as a draft), the lists the fields choose from, the messages, and 提交.
 */
export function useTemplateForm(type: WorkOrderType, onCreated: (order: CreatedWorkOrder) => void) {
  const prefill = maskPhone(useSession((s) => s.userinfo?.bindPhone))
  const draft = useDraft<SubmitDraft>(submitDraftName(type), emptySubmitDraft(type), (d) =>
    isEmptySubmitDraft(d, prefill),
  )
  const form = draft.value
  const templates = useResource(
    (): Promise<ProblemTemplate[]> => workOrderApi.templates(type).then(listOf),
    [type],
  )
  const [errors, setErrors] = useState<FieldErrors<FieldCode>>({})
  const creating = useSubmit()
  // 提交 asks for WeChat reply reminders (in WeChat's browser through the tag over the button); the
  // submit never waits for it.
  const reminders = useWechatReminders(WORK_ORDER_TEMPLATES)
  const isMaintenance = type === WORK_ORDER_TYPE.maintenance

  const template = templates.data?.find((t) => t.id === form.templateId) ?? null
  const fields = useMemo(
    () =>
      isMaintenance && template ? withMaintenancePickers(sortedFields(template)) : sortedFields(template),
    [template, isMaintenance],
  )
  const orders = useConsultableOrders(fields)
  const maintenance = useMaintenanceOrders(isMaintenance, form.values.dwServiceOrder)

  function update(change: (d: SubmitDraft) => SubmitDraft, cleared: FieldCode | 'templateId') {
    draft.setValue(change(form))
    setErrors((e) => ({ ...e, [cleared]: undefined }))
  }
  const setValue = (code: FieldCode, value: string) =>
    update((d) => ({ ...d, values: { ...d.values, [code]: value } }), code)

  // The contact phone starts as the masked bound phone, accepted as is.
  const asksPhone = fields.some((f) => f.fieldCode === 'telPhone')
  const phoneUntouched = form.values.telPhone === undefined
  const setDraft = draft.setValue
  useEffect(() => {
    if (prefill && asksPhone && phoneUntouched)
      setDraft((d) => ({ ...d, values: { ...d.values, telPhone: prefill } }))
  }, [prefill, asksPhone, phoneUntouched, setDraft])

  // A restored draft or a changed domain may no longer match the chosen order: said at the field.
  const pairError = isMaintenance ? maintenancePairError(maintenance.orders, form.values) : null

  const submit = () => {
    const serviceProject = isMaintenance ? serviceRequest(maintenance.items, form.services) : undefined
    const found = validateWorkOrderForm(fields, {
      templateId: form.templateId,
      values: form.values,
      fileCounts: fileCounts(form.files),
      serviceProject,
    })
    setErrors(found)
    // A mismatched pair is already said at the order field.
    if (Object.keys(found).length || pairError) return
    if (!creating.busy) void reminders.ask()
    const productVersion =
      maintenance.chosen?.productVersion ?? consultedOrder(fields, orders, form.values)?.productVersion
    // A refusal shows above 提交; the draft stays.
    void creating.run(async () => {
      const created = await workOrderApi.create(
        createRequest(form, fields, { productVersion, serviceProject }),
      )
      // The stored draft goes; what was sent stays on screen behind the success dialog until the
      // customer chooses 继续提交 (a fresh form) or 查看工单.
      clearDraft(currentOwner(), submitDraftName(type))
      onCreated(created)
    })
  }

  return {
    type,
    isMaintenance,
    draft,
    form,
    templates,
    template,
    fields,
    orders,
    maintenance,
    errors,
    pairError,
    creating,
    /** 提交's WeChat reminders (the tag over it in WeChat's browser: TemplateForm). */
    reminders,
    update,
    setValue,
    /** Choosing the 代维订单 fills its 网站域名. */
    chooseMaintenanceOrder: (orderCode: string) =>
      update(
        (d) => ({ ...d, values: withMaintenanceOrder(d.values, maintenance.orders, orderCode) }),
        'dwServiceOrder',
      ),
    submit,
  }
}

export type TemplateFormState = ReturnType<typeof useTemplateForm>
