import { View } from '@tarojs/components'
import './spinner.scss'

/**
 * The busy ring of loading states and busy buttons: one element and one CSS animation (taro-ui's
 * AtLoading draws three rings through two class components, on every list's first screen).
 */
export function Spinner({ light, small }: { light?: boolean; small?: boolean }) {
  const classes = ['spinner', light && 'spinner--light', small && 'spinner--small']
  return <View className={classes.filter(Boolean).join(' ')} aria-hidden />
}
