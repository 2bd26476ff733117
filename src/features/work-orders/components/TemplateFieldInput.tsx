import type { TemplateField } from '../../../core/contract/work-orders'
import { isFileField } from '../../../core/validation/work-orders'
import type { TemplateFormState } from '../hooks/useTemplateForm'
import { isMaintenanceField, isOrderField } from '../rules'
import { AttachmentField } from './AttachmentField'
import { ConsultedOrderField } from './ConsultedOrderField'
import { MaintenancePicker } from './MaintenancePicker'
import { TemplateTextField } from './TemplateTextField'

/**
 * One field of the template, drawn by its kind: uploads, an order to consult about, 代维管家's site
 * and order (its service items are a section of their own), else text.
 */
export function TemplateFieldInput({ field, form }: { field: TemplateField; form: TemplateFormState }) {
  const code = field.fieldCode
  const error = form.errors[code]
  const value = form.form.values[code]
  if (isFileField(code))
    return (
      <AttachmentField
        label={field.fieldName}
        required={field.required}
        files={form.form.files[code] ?? []}
        error={error}
        onChange={(files) => form.update((d) => ({ ...d, files: { ...d.files, [code]: files } }), code)}
      />
    )
  if (isOrderField(code))
    return (
      <ConsultedOrderField
        field={field}
        orders={form.orders[code]}
        value={value}
        error={error}
        onChange={(v) => form.setValue(code, v)}
      />
    )
  if (code === 'serviceProject') return null
  if (isMaintenanceField(code))
    return (
      <MaintenancePicker
        field={field}
        maintenance={form.maintenance}
        value={value}
        error={error ?? (code === 'dwServiceOrder' ? form.pairError : null)}
        onChange={(v) =>
          code === 'dwServiceOrder' ? form.chooseMaintenanceOrder(v) : form.setValue(code, v)
        }
      />
    )
  return (
    <TemplateTextField
      field={field}
      value={value ?? ''}
      error={error}
      onChange={(v) => form.setValue(code, v)}
    />
  )
}
