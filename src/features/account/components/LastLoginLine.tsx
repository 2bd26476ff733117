import { Text } from '@tarojs/components'
import { useResource } from '../../../core/ui/useResource'
import { loginDevicesApi } from '../login-devices-api'
import { lastLoginText } from '../rules'

/** A quiet 上次登录：time · city · device; nothing before a first previous login or when it fails to load. */
export function LastLoginLine() {
  const last = useResource(loginDevicesApi.lastLogin, [])
  const text = last.status === 'ready' ? lastLoginText(last.data) : null
  return text ? <Text className='account-last-login'>{text}</Text> : null
}
