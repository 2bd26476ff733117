import { Text, View } from '@tarojs/components'
import { useState, type ReactNode } from 'react'
import { maskPhone } from '../../../core/format/mask'
import { navigateTo } from '../../../core/routing/navigate'
import { leaveSession } from '../../../core/session/leave'
import { PASSWORD_MODEL } from '../../../core/contract/account-settings'
import { ResourceStatus } from '../../../core/ui/ResourceStatus'
import { SettingRow } from '../../../core/ui/SettingRow'
import { isMainAccount } from '../../../core/routing/guard'
import { roleLabel } from '../../../core/session/role'
import { useAccountInfo } from '../hooks/useAccountInfo'
import {
  accountLinks,
  accountSections,
  isPasswordStale,
  maskEmail,
  notMeSessionId,
  PASSWORD_STALE_TEXT,
  seesNotificationSettings,
} from '../rules'
import { CancelAccountDialog } from './CancelAccountDialog'
import { CancellationBanner } from './CancellationBanner'
import { EmailDialog } from './EmailDialog'
import { LastLoginLine } from './LastLoginLine'
import { LoginDevicesSection } from './LoginDevicesSection'
import { LoginMaskSection } from './LoginMaskSection'
import { NameDialog } from './NameDialog'
import { NotMeDialog } from './NotMeDialog'
import { NotificationSettings } from './NotificationSettings'
import { OperationProtectionSection } from './OperationProtectionSection'
import { PasswordDialog } from './PasswordDialog'
import { PhoneDialog } from './PhoneDialog'
import { ReferralDialog } from './ReferralDialog'
import { SecondFactorSection } from './SecondFactorSection'
import { WechatReminderRow } from './WechatReminderRow'
import './account.scss'

type OpenDialog = 'name' | 'password' | 'phone' | 'email' | 'referral' | 'cancel' | null

interface AccountSettingsProps {
  wechatSection?: ReactNode
  /** A 账号安全提醒's 不是我 (/accountManage?notMe=<session id>): end that session, then 修改密码. */
  notMe?: string
}

/**
 * 账户管理 (account-area §2 "Account settings screen"): every setting of the current role. The
 * WeChat binding row belongs to its own feature: the page passes it in as `wechatSection`.
 */
export function AccountSettings({ wechatSection, notMe }: AccountSettingsProps) {
  const account = useAccountInfo()
  const [dialog, setDialog] = useState<OpenDialog>(null)
  // Loaded when opened: most visits to 账户管理 are for something else.
  const [notifyOpen, setNotifyOpen] = useState(false)
  const [devicesOpen, setDevicesOpen] = useState(false)
  const [notMeSession, setNotMeSession] = useState(() => notMeSessionId(notMe))

  if (!account.data) return <ResourceStatus resource={account} />

  const { info, model } = account.data
  const reload = account.reload
  const sections = accountSections(info.role)
  const links = accountLinks(info)
  const close = () => setDialog(null)
  const saved = () => {
    close()
    void reload()
  }
  // The cancelled account's sessions are already gone on the server.
  const cancelled = () => leaveSession()

  return (
    <View className='account-settings'>
      {isMainAccount(info.role) && <CancellationBanner onWithdrawn={() => void reload()} />}
      <LastLoginLine />
      <View className='account-card' aria-label='账号信息'>
        <Text className='account-card__title'>账号信息</Text>
        <SettingRow label='账号' value={info.memberAccount} />
        <SettingRow
          label='账号名称'
          value={info.userName || info.accountName}
          action='编辑'
          onAction={() => setDialog('name')}
        />
        <SettingRow label='角色' value={roleLabel(info.role)} />
      </View>

      <View className='account-card' aria-label='安全设置'>
        <Text className='account-card__title'>安全设置</Text>
        <SettingRow
          label='登录密码'
          value={model === PASSWORD_MODEL.change ? '已设置' : '未设置'}
          note={isPasswordStale(info.passwordUpdatedAt) ? PASSWORD_STALE_TEXT : undefined}
          action={model === PASSWORD_MODEL.change ? '修改' : '设置'}
          onAction={() => setDialog('password')}
        />
        <SettingRow
          label='手机号'
          value={maskPhone(info.bindPhone) || '未绑定'}
          action='修改'
          onAction={() => setDialog('phone')}
        />
        <SettingRow
          label='邮箱'
          value={maskEmail(info.email) || '未绑定'}
          action={info.email ? '修改' : '绑定'}
          onAction={() => setDialog('email')}
        />
        {wechatSection}
        <WechatReminderRow />
        {sections.loginMask && (
          <SettingRow label='登录掩码'>
            <LoginMaskSection />
          </SettingRow>
        )}
        <SettingRow label='二次验证'>
          <SecondFactorSection role={info.role} />
        </SettingRow>
        <SettingRow label='操作保护'>
          <OperationProtectionSection />
        </SettingRow>
        {sections.referralCode && (
          <SettingRow
            label='推荐码'
            value={info.referralCode || '未填写'}
            action={info.referralCode ? '修改' : '填写'}
            onAction={() => setDialog('referral')}
          />
        )}
        {sections.productTransfer && (
          <SettingRow
            label='产品移交'
            value='验证绑定手机后，将产品转移至其他主账号'
            action='去移交'
            onAction={() => navigateTo('/productTransfer')}
          />
        )}
      </View>

      <View className='account-card' aria-label='登录设备'>
        <SettingRow
          label='登录设备'
          value='当前登录的设备与近90天的登录记录'
          action={devicesOpen ? '收起' : '查看'}
          onAction={() => setDevicesOpen(!devicesOpen)}
        />
        {devicesOpen && <LoginDevicesSection />}
      </View>

      {seesNotificationSettings(info.role) && (
        <View className='account-card' aria-label='消息接收管理'>
          <SettingRow
            label='消息接收管理'
            value='设置各类通知通过站内信、短信、邮件发送给哪些人'
            action={notifyOpen ? '收起' : '管理'}
            onAction={() => setNotifyOpen(!notifyOpen)}
          />
          {notifyOpen && <NotificationSettings />}
        </View>
      )}

      <View className='account-card account-card--links' aria-label='更多'>
        {links.map((link) => (
          <View key={link.path} className='account-link' role='link' onClick={() => navigateTo(link.path)}>
            {link.label}
          </View>
        ))}
        <View className='account-link account-link--danger' role='button' onClick={() => setDialog('cancel')}>
          注销账号
        </View>
      </View>

      {dialog === 'name' && (
        <NameDialog
          memberAccount={info.memberAccount}
          fullName={info.userName || info.accountName}
          memberAccountEditable={sections.memberAccountEditable}
          onSaved={saved}
          onClose={close}
        />
      )}
      {dialog === 'password' && <PasswordDialog model={model} onSaved={saved} onClose={close} />}
      {dialog === 'phone' && <PhoneDialog onSaved={saved} onClose={close} />}
      {dialog === 'email' && <EmailDialog email={info.email} onSaved={saved} onClose={close} />}
      {dialog === 'referral' && <ReferralDialog onSaved={saved} onClose={close} />}
      {dialog === 'cancel' && <CancelAccountDialog onCancelled={cancelled} onClose={close} />}
      {notMeSession !== null && (
        <NotMeDialog
          sessionId={notMeSession}
          onDone={() => {
            setNotMeSession(null)
            setDialog('password')
          }}
          onCancel={() => setNotMeSession(null)}
        />
      )}
    </View>
  )
}
