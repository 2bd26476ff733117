import { Text, View } from '@tarojs/components'
import { canScanQrCode } from '../../../core/platform/wechat'
import { navigateTo } from '../../../core/routing/navigate'
import type { UserInfo } from '../../../core/session/store'
import { ScanLoginDialog } from './deferred'
import { useScanLogin } from '../../auth/hooks/useScanLogin'
import { roleLabel } from '../../../core/session/role'
import { accountMenuItems } from '../rules'
import './account-menu.scss'

interface AccountMenuProps {
  userinfo: UserInfo | null
  role: number
  onSwitch(): void
  onLogout(): void
  /** 修改密码 (doc2 §2 "Other"): left out when not given. */
  onChangePassword?(): void
}

export function AccountMenu({ userinfo, role, onSwitch, onLogout, onChangePassword }: AccountMenuProps) {
  const scanLogin = useScanLogin()
  return (
    <View className='account-menu' role='menu' aria-label='账号菜单'>
      <View className='account-menu__who'>
        <Text className='account-menu__account'>{userinfo?.memberAccount}</Text>
        <Text className='account-menu__name'>{userinfo?.userName || userinfo?.accountName}</Text>
        <Text className={`role-badge role-badge--${role ? 'sub' : 'main'}`}>{roleLabel(role)}</Text>
      </View>
      {accountMenuItems(role).map((item) => (
        <View
          key={item.path}
          className='account-menu__item'
          role='menuitem'
          onClick={() => navigateTo(item.path)}
        >
          {item.label}
        </View>
      ))}
      {canScanQrCode && (
        <View className='account-menu__item' role='menuitem' onClick={scanLogin.start}>
          扫一扫
        </View>
      )}
      {scanLogin.pending && (
        <ScanLoginDialog pending={scanLogin.pending} busy={scanLogin.busy} onAnswer={scanLogin.answer} />
      )}
      {onChangePassword && (
        <View className='account-menu__item' role='menuitem' onClick={onChangePassword}>
          修改密码
        </View>
      )}
      <View className='account-menu__item' role='menuitem' onClick={onSwitch}>
        切换账号
      </View>
      <View className='account-menu__item account-menu__item--danger' role='menuitem' onClick={onLogout}>
        退出登录
      </View>
    </View>
  )
}
