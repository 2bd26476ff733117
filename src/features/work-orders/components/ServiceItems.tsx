import { Input, Text, View } from '@tarojs/components'
import type { ServiceProjectItem } from '../../../core/contract/work-orders'
import { Checkbox } from '../../../core/ui/Checkbox'
import { LabelledField } from '../../../core/ui/LabelledField'
import { serviceInputValue } from '../../../core/validation/work-orders'
import { serviceItemLeft, visibleServiceItems } from '../rules'

interface ServiceItemsProps {
  items: ServiceProjectItem[]
  /** What is typed per item code ('' = nothing; switches '1' / ''). */
  typed: Record<string, string>
  error?: string | null
  onChange(code: string, value: string): void
}

/**
 * The maintenance service items (doc2 §3, §5): counted items take a whole number from 0 to what
 * remains (anything else clears the input) and say what this order takes and what is left after
 * it; on/off items are switches, disabled once used up.
 */
export function ServiceItems({ items, typed, error, onChange }: ServiceItemsProps) {
  return (
    <LabelledField label='服务项目' required group error={error}>
      {visibleServiceItems(items).map((item) =>
        item.isInputBox ? (
          <View key={item.code} className='wo-service'>
            <Text className='wo-service__name'>{item.projectName}</Text>
            <Input
              name={`service-${item.code}`}
              aria-label={item.projectName}
              className='wo-service__input'
              type='number'
              value={typed[item.code] ?? ''}
              disabled={item.resisueNum <= 0}
              onInput={(e) => {
                const value = serviceInputValue(e.detail.value, item.resisueNum)
                onChange(item.code, value)
                return value
              }}
            />
            <Text className='wo-service__left'>
              {serviceItemLeft(item.resisueNum, typed[item.code] ?? '', item.unit)}
            </Text>
          </View>
        ) : (
          <View key={item.code} className='wo-service'>
            <Text className='wo-service__name'>{item.projectName}</Text>
            <Checkbox
              label={item.projectName}
              checked={typed[item.code] === '1'}
              disabled={item.resisueNum <= 0}
              onChange={(on) => onChange(item.code, on ? '1' : '')}
            />
          </View>
        ),
      )}
    </LabelledField>
  )
}
