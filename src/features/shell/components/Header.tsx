import { Text, View } from '@tarojs/components'
import { memo } from 'react'
import { openInNewTab } from '../../../core/platform/links'
import { useIsDesktop } from '../../../core/platform/viewport'
import { currentDestination, navigateTo, relaunch } from '../../../core/routing/navigate'
import { findRoute } from '../../../core/routing/routes'
import { useSessionFlags } from '../../../core/session/flags'
import { useAccountMenu } from '../hooks/useAccountMenu'
import { useUnreadCounts } from '../hooks/useUnreadCounts'
import { badgeText, headerBadges, headerTabs } from '../rules'
import './header.scss'

interface BadgeProps {
  label: string
  count: number
  path: string
  /** Desktop opens the page in a new browser tab (account-area §2: the notice list). */
  newTab?: boolean
}

/** The browser tab the header's 消息 opens, reused by every later click. */
const NOTICES_TAB = 'member-centre-notices'

function Badge({ label, count, path, newTab }: BadgeProps) {
  const text = badgeText(count)
  const desktop = useIsDesktop()
  const open = () => {
    if (!findRoute(path)) return
    // Desktop: one notices tab, reused; already on the page, nothing to open.
    if (newTab && desktop) {
      if (currentDestination().path !== path) openInNewTab(path, NOTICES_TAB)
    } else navigateTo(path)
  }
  return (
    <View
      className='header__badge'
      role='link'
      aria-label={`${label}${text ? ` ${text}` : ''}`}
      onClick={open}
    >
      <Text>{label}</Text>
      {text && <Text className='header__badge-count'>{text}</Text>}
    </View>
  )
}

/**
 * The common header (spec account-area §2); hidden (and not polling) when the session flag says so.
 * `unreadFromPage`: the page's own poll publishes the badges (the home), the header does not poll.
 */
export const Header = memo(function Header({ unreadFromPage = false }: { unreadFromPage?: boolean }) {
  const showHead = useSessionFlags((s) => s.showHead)
  return showHead ? <HeaderBar unreadFromPage={unreadFromPage} /> : null
})

function HeaderBar({ unreadFromPage }: { unreadFromPage: boolean }) {
  const account = useAccountMenu()
  const { role, userinfo } = account
  const unread = useUnreadCounts(unreadFromPage)

  const here = currentDestination().path
  const displayName = userinfo?.userName || userinfo?.accountName || userinfo?.memberAccount || ''
  return (
    <View className='header' role='banner'>
      <View className='header__brand' onClick={() => relaunch('/index')}>
        会员中心
      </View>
      <View className='header__tabs' role='navigation'>
        {headerTabs(role).map((tab) => (
          <View
            key={tab.path}
            className={`header__tab ${tab.path === here ? 'header__tab--active' : ''}`}
            onClick={() => tab.path !== here && relaunch(tab.path)}
          >
            {tab.label}
          </View>
        ))}
      </View>
      <View className='header__right'>
        {headerBadges(role).map((item) => (
          <Badge
            key={item.path}
            label={item.label}
            count={item.unread ? unread[item.unread] : 0}
            path={item.path}
            newTab={item.newTabOnDesktop}
          />
        ))}
        <View
          className='header__account'
          role='button'
          aria-label='账号菜单'
          aria-expanded={account.open}
          onClick={() => account.setOpen(!account.open)}
        >
          <Text className='header__account-name'>{displayName}</Text>
          <Text className='header__caret'>▾</Text>
        </View>
      </View>
      {account.open && (
        <>
          <View className='header__backdrop' onClick={() => account.setOpen(false)} />
          {account.menu}
        </>
      )}
      {account.dialogs}
    </View>
  )
}
