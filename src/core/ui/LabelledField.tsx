import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { FieldError } from './FieldError'
import './labelled-field.scss'

interface LabelledFieldProps {
  /** Shown above the input; with `group`, also the group's accessible name. */
  label: string
  /** A red * before the label. */
  required?: boolean
  /** A grey line under the input (what is accepted, why nothing can be chosen). */
  hint?: string
  /** The field's message (FieldError, announced). */
  error?: string | null
  /** Several inputs under one label (uploads, service items): a `group` named by the label. */
  group?: boolean
  /** The caller's block on the field, for what its inputs need around them. */
  className?: string
  children?: ReactNode
}

/**
 * A field whose label sits above its input: the label (and its required mark), the input given as
 * children, a hint, then the message. The input names itself (aria-label) as the label says.
 * A one-line text input is a TextField instead (its title at the left of the input); this holds
 * what is not one: uploads, pickers, a group of choices, a counted text box.
 */
export function LabelledField({
  label,
  required,
  hint,
  error,
  group,
  className,
  children,
}: LabelledFieldProps) {
  return (
    <View
      className={`labelled-field${className ? ` ${className}` : ''}`}
      role={group ? 'group' : undefined}
      aria-label={group ? label : undefined}
    >
      <View className='labelled-field__label'>
        {required && <Text className='labelled-field__required'>*</Text>}
        {label}
      </View>
      {children}
      {hint && <View className='labelled-field__hint'>{hint}</View>}
      <FieldError message={error} />
    </View>
  )
}
