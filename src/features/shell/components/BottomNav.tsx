import { Text, View } from '@tarojs/components'
import { memo } from 'react'
import { currentDestination, relaunch } from '../../../core/routing/navigate'
import { useSessionFlags } from '../../../core/session/flags'
import { useAccountMenu } from '../hooks/useAccountMenu'
import { useUnreadCounts } from '../hooks/useUnreadCounts'
import { badgeText, navItems } from '../rules'
import './bottom-nav.scss'

export const ACCOUNT_LABEL = '账户'

/**
 * The mini-program's bottom navigation bar, drawn by the page rather than app.json's
 * tabBar (tab pages would have to leave their subpackages and could not take a query): the same
 * navigation items as the H5 header, with its badges, then 账户, which opens the account menu as a
 * sheet. Hidden, like the header, when the session flag says so. `unreadFromPage` as for the header.
 */
export const BottomNav = memo(function BottomNav({ unreadFromPage = false }: { unreadFromPage?: boolean }) {
  const showHead = useSessionFlags((s) => s.showHead)
  return showHead ? <BottomBar unreadFromPage={unreadFromPage} /> : null
})

function BottomBar({ unreadFromPage }: { unreadFromPage: boolean }) {
  const account = useAccountMenu()
  const { role } = account
  const unread = useUnreadCounts(unreadFromPage)
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
        aria-expanded={account.open}
        onClick={() => account.setOpen(true)}
      >
        <Text className='bottom-nav__label'>{ACCOUNT_LABEL}</Text>
      </View>
      {account.open && (
        <>
          <View className='bottom-nav__mask' onClick={() => account.setOpen(false)} />
          <View className='bottom-nav__sheet' role='dialog' aria-label={ACCOUNT_LABEL}>
            {account.menu}
            <View className='bottom-nav__cancel' role='button' onClick={() => account.setOpen(false)}>
              取消
            </View>
          </View>
        </>
      )}
      {account.dialogs}
    </View>
  )
}
