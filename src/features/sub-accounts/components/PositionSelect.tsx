import { View } from '@tarojs/components'
import { useState } from 'react'
import type { Position } from '../api'

interface PositionSelectProps {
  positions: Position[]
  value: string
  onChange(value: string): void
}

/** 职位, chosen from the recipient_position dictionary (account-area §5). */
export function PositionSelect({ positions, value, onChange }: PositionSelectProps) {
  const [open, setOpen] = useState(false)
  const chosen = positions.find((p) => p.itemValue === value)
  return (
    <View className='position-select'>
      <View className='position-select__label'>职位</View>
      <View
        className={`position-select__value${chosen ? '' : ' position-select__value--empty'}`}
        role='combobox'
        aria-label='职位'
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {chosen?.itemText ?? '请选择职位'}
      </View>
      {open && (
        <View className='position-select__options' role='listbox' aria-label='职位选项'>
          {positions.map((position) => (
            <View
              key={position.itemValue}
              role='option'
              aria-selected={position.itemValue === value}
              className={`position-select__option${position.itemValue === value ? ' position-select__option--chosen' : ''}`}
              onClick={() => {
                onChange(position.itemValue)
                setOpen(false)
              }}
            >
              {position.itemText}
            </View>
          ))}
        </View>
      )}
    </View>
  )
}
