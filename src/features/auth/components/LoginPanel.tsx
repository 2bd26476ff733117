import { View } from '@tarojs/components'
import { useState } from 'react'
import type { LoginResult } from '../../../core/session/store'
import { PasswordLoginForm } from './PasswordLoginForm'
import './login-panel.scss'

// The QR-scan and SMS tabs, and the registration tabs, join this list (doc2 §2 Login).
const TABS = [{ key: 'password', label: '账号密码登录' }] as const
type TabKey = (typeof TABS)[number]['key']

export function LoginPanel({ onLoggedIn }: { onLoggedIn(result: LoginResult): void }) {
  const [tab, setTab] = useState<TabKey>('password')
  return (
    <View className='login-panel card'>
      <View className='login-panel__tabs' role='tablist'>
        {TABS.map((t) => (
          <View
            key={t.key}
            role='tab'
            aria-selected={tab === t.key}
            className={`login-panel__tab ${tab === t.key ? 'login-panel__tab--active' : ''}`}
            onClick={() => setTab(t.key)}
          >
            {t.label}
          </View>
        ))}
      </View>
      {tab === 'password' && <PasswordLoginForm onLoggedIn={onLoggedIn} />}
    </View>
  )
}
