import { View } from '@tarojs/components'
import type { CreatedWorkOrder, WorkOrderType } from '../../../core/contract/work-orders'
import { Button } from '../../../core/ui/Button'
import { WechatAsk } from '../../../core/wechat/WechatAsk'
import { FieldError } from '../../../core/ui/FieldError'
import { ResourceStatus } from '../../../core/ui/ResourceStatus'
import { useTemplateForm } from '../hooks/useTemplateForm'
import { emptySubmitDraft, typeLabel } from '../rules'
import { ServiceItems } from './ServiceItems'
import { TemplateChoice } from './TemplateChoice'
import { TemplateFieldInput } from './TemplateFieldInput'

interface TemplateFormProps {
  type: WorkOrderType
  onBack(): void
  onCreated(order: CreatedWorkOrder): void
}

/** Step 2: the template for the category, its fields in `sort` order, uploads, and for 代维管家 the items. */
export function TemplateForm({ type, onBack, onCreated }: TemplateFormProps) {
  const form = useTemplateForm(type, onCreated)
  const { draft, errors, maintenance } = form
  const templates = form.templates.data
  if (!templates) return <ResourceStatus resource={form.templates} />

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
          <View role='button' className='wo-link' onClick={() => draft.discard(emptySubmitDraft(type))}>
            丢弃草稿
          </View>
        </View>
      )}
      <TemplateChoice
        templates={templates}
        value={form.form.templateId}
        error={errors.templateId}
        onChange={(templateId) => form.update((d) => ({ ...d, templateId }), 'templateId')}
      />
      {form.fields.map((field) => (
        <TemplateFieldInput key={field.fieldCode} field={field} form={form} />
      ))}
      {form.isMaintenance && form.template && (
        <ServiceItems
          items={maintenance.items}
          typed={form.form.services}
          error={errors.serviceProject}
          onChange={(code, value) =>
            form.update((d) => ({ ...d, services: { ...d.services, [code]: value } }), 'serviceProject')
          }
        />
      )}
      <FieldError message={form.creating.failure} />
      <View className='wo-form__actions'>
        <WechatAsk reminders={form.reminders} label='提交' onTap={form.submit}>
          <Button type='primary' loading={form.creating.busy} onClick={form.submit}>
            提交
          </Button>
        </WechatAsk>
      </View>
    </View>
  )
}
