import type { TemplateField } from '../../../core/contract/work-orders'
import { ChoiceGroup } from '../../../core/ui/ChoiceGroup'
import { LabelledField } from '../../../core/ui/LabelledField'
import type { MaintenanceChoices } from '../hooks/useMaintenanceOrders'
import { maintenanceOrderLabel } from '../rules'

interface MaintenancePickerProps {
  /** 网站域名 or 代维订单. */
  field: TemplateField
  maintenance: MaintenanceChoices
  value: string | undefined
  /** The field's message; at 代维订单 also why the chosen order and site do not match. */
  error?: string | null
  onChange(value: string): void
}

/** 代维管家's site or order: one of the account's maintained sites, or one of its maintenance orders. */
export function MaintenancePicker({ field, maintenance, value, error, onChange }: MaintenancePickerProps) {
  const options =
    field.fieldCode === 'websiteDomain'
      ? maintenance.domains.map((d) => ({ value: d, label: d }))
      : maintenance.orders.map((m) => ({ value: m.orderCode, label: maintenanceOrderLabel(m) }))
  return (
    <LabelledField label={field.fieldName} required={field.required} error={error}>
      <ChoiceGroup
        label={field.fieldName}
        variant='plain'
        column
        options={options}
        value={value ?? null}
        onChange={onChange}
      />
    </LabelledField>
  )
}
