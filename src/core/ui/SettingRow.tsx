import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { Button } from './Button'
import './setting-row.scss'

interface SettingRowProps {
  label: string
  value?: ReactNode
  /** A warning under the value (e.g. the password staleness). */
  note?: string
  action?: string
  onAction?(): void
  /** Instead of the one action: several buttons (each with className 'setting-row__action'). */
  actions?: ReactNode
  children?: ReactNode
}

/** One line of the settings: label, current value, and the button that changes it. */
export function SettingRow({ label, value, note, action, onAction, actions, children }: SettingRowProps) {
  return (
    <View className='setting-row' aria-label={label}>
      <Text className='setting-row__label'>{label}</Text>
      <View className='setting-row__value'>
        {value !== undefined && <Text>{value}</Text>}
        {note && (
          <View className='setting-row__note' role='note'>
            {note}
          </View>
        )}
        {children}
      </View>
      {action && (
        <Button size='small' className='setting-row__action' onClick={onAction}>
          {action}
        </Button>
      )}
      {actions}
    </View>
  )
}
