import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { currentDestination, relaunch } from '../../../core/routing/navigate'
import { useSessionFlags } from '../../../core/session/flags'
import { useSession } from '../../../core/session/store'
import { useUnreadCounts } from '../hooks/useUnreadCounts'
import { badgeText, navItems } from '../rules'
import { AccountDialogs, type AccountDialog } from './AccountDialogs'
import { AccountMenu } from './AccountMenu'
import './bottom-nav.scss'

export const ACCOUNT_LABEL = '账户'

/**
 * The mini-program's bottom navigation bar (issue 14), drawn by the page rather than app.json's
 * tabBar (tab pages would have to leave their subpackages and could not take a query): the same
 * navigation items as the H5 header, with its badges, then 账户, which opens the account menu as a
 * sheet. Hidden, like the header, when the session flag says so. `unreadFromPage` as for the header.
 */
export function BottomNav({ unreadFromPage = false }: { unreadFromPage?: boolean }) {
  const showHead = useSessionFlags((s) => s.showHead)
  return showHead ? <BottomBar unreadFromPage={unreadFromPage} /> : null
}

function BottomBar({ unreadFromPage }: { unreadFromPage: boolean }) {
  const role = useSession((s) => s.role)
  const userinfo = useSession((s) => s.userinfo)
  const unread = useUnreadCounts(unreadFromPage)
  const [sheetOpen, setSheetOpen] = useState(false)
  const [dialog, setDialog] = useState<AccountDialog | null>(null)
  const openDialog = (next: AccountDialog) => {
    setSheetOpen(false)
    setDialog(next)
  }
  const here = currentDestination().path

  return (
    <View className='bottom-nav' role='navigation' aria-label='导航'>
      {navItems(role).map((item) => {
        const count = item.unread ? badgeText(unread[item.unread]) : ''
        const active = item.path === here
        return (
          <View
            key={item.path}
            className={`bottom-nav__item ${active ? 'bottom-nav__item--active' : ''}`}
            role='link'
            aria-label={`${item.label}${count ? ` ${count}` : ''}`}
            aria-current={active ? 'page' : undefined}
            onClick={() => !active && relaunch(item.path)}
          >
            <Text className='bottom-nav__label'>{item.label}</Text>
            {count && <Text className='bottom-nav__count'>{count}</Text>}
          </View>
        )
      })}
      <View
        className='bottom-nav__item'
        role='button'
        aria-label={ACCOUNT_LABEL}
        aria-expanded={sheetOpen}
        onClick={() => setSheetOpen(true)}
      >
        <Text className='bottom-nav__label'>{ACCOUNT_LABEL}</Text>
      </View>
      {sheetOpen && (
        <>
          <View className='bottom-nav__mask' onClick={() => setSheetOpen(false)} />
          <View className='bottom-nav__sheet' role='dialog' aria-label={ACCOUNT_LABEL}>
            <AccountMenu
              userinfo={userinfo}
              role={role}
              onSwitch={() => openDialog('switch')}
              onChangePassword={() => openDialog('password')}
              onLogout={() => openDialog('logout')}
            />
            <View className='bottom-nav__cancel' role='button' onClick={() => setSheetOpen(false)}>
              取消
            </View>
          </View>
        </>
      )}
      <AccountDialogs open={dialog} onClose={() => setDialog(null)} />
    </View>
  )
}
