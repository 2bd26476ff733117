import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { ToastHost } from '../../core/ui/ToastHost'
import { AccountMenu } from '../../features/shell/components/AccountMenu'
import type { AccountDialog } from '../../features/shell/components/AccountDialogs'

/**
 * Test entry: the account menu with every item the bottom bar's sheet offers (修改密码 included), the
 * dialog an item would open (shown by name; the dialogs have their own tests), and the toasts.
 */
export default function AccountMenuEntry() {
  const [picked, setPicked] = useState<AccountDialog | null>(null)
  return (
    <View>
      <AccountMenu
        userinfo={null}
        role={0}
        onSwitch={() => setPicked('switch')}
        onChangePassword={() => setPicked('password')}
        onLogout={() => setPicked('logout')}
      />
      {picked && <Text className='menu-picked'>{picked}</Text>}
      <ToastHost />
    </View>
  )
}
