import { ToastHost } from '../../core/ui/ToastHost'
import { WechatBindingSection } from '../../features/wechat-binding/components/WechatBindingSection'

/** Test entry: the account settings' 微信 row as the mini-program shows it, and the toasts. */
export default function WechatBindingEntry() {
  return (
    <>
      <WechatBindingSection />
      <ToastHost />
    </>
  )
}
