import { useRouter } from '@tarojs/taro'
import { AccountSettings } from '../../features/account/components/AccountSettings'
import { ReverifyHost } from '../../features/account/components/ReverifyHost'
import { ConsoleLayout } from '../../features/shell/components/ConsoleLayout'
import { WechatBindingSection } from '../../features/wechat-binding/components/WechatBindingSection'

// /accountManage?notMe=<session id>: a 账号安全提醒's 不是我 (features/account NotMeDialog).
export default function AccountManagePage() {
  const { params } = useRouter()
  return (
    <ConsoleLayout>
      <AccountSettings wechatSection={<WechatBindingSection />} notMe={params.notMe} />
      <ReverifyHost />
    </ConsoleLayout>
  )
}
