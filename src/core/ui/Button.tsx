import { View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { Spinner } from './Spinner'
import './button.scss'

interface ButtonProps {
  children: ReactNode
  type?: 'primary' | 'secondary'
  size?: 'normal' | 'small'
  loading?: boolean
  disabled?: boolean
  className?: string
  onClick?(): void
}

/**
 * taro-ui's button look with a real button role and aria-disabled: AtButton renders a bare view
 * (no role on H5), which screen readers and tests cannot find.
 */
export function Button({
  children,
  type,
  size = 'normal',
  loading,
  disabled,
  className,
  onClick,
}: ButtonProps) {
  const inactive = Boolean(disabled || loading)
  const classes = [
    'at-button',
    `at-button--${size}`,
    type && `at-button--${type}`,
    inactive && 'at-button--disabled',
    loading && 'at-button--icon',
    className,
  ]
  return (
    <View
      role='button'
      aria-disabled={inactive}
      aria-busy={Boolean(loading)}
      className={classes.filter(Boolean).join(' ')}
      onClick={() => !inactive && onClick?.()}
    >
      {loading && (
        <View className='at-button__icon'>
          <Spinner light={type === 'primary'} small={size === 'small'} />
        </View>
      )}
      <View className='at-button__text'>{children}</View>
    </View>
  )
}
