import { AccountSettings } from '../../features/account/components/AccountSettings'
import { ReverifyHost } from '../../features/account/components/ReverifyHost'
import { ConsoleLayout } from '../../features/shell/components/ConsoleLayout'
import { WechatBindingSection } from '../../features/wechat-binding/components/WechatBindingSection'

export default function AccountManagePage() {
  return (
    <ConsoleLayout>
      <AccountSettings wechatSection={<WechatBindingSection />} />
      <ReverifyHost />
    </ConsoleLayout>
  )
}
