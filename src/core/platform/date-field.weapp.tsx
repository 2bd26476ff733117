import { Picker, View } from '@tarojs/components'
import type { DateFieldProps } from './date-field'
import '../ui/date-field.scss'

export function DateField({ label, value, start, end, onChange }: DateFieldProps) {
  return (
    <Picker
      mode='date'
      value={value}
      start={start}
      end={end}
      onChange={(e) => onChange(String(e.detail.value))}
    >
      <View className={`date-field${value ? '' : ' date-field--empty'}`} role='button' aria-label={label}>
        <View className='date-field__text'>{value || label}</View>
      </View>
    </Picker>
  )
}
