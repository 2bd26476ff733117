import { ToastHost } from '../../core/ui/ToastHost'
import { AccountMenu } from '../../features/shell/components/AccountMenu'

const noop = () => undefined

/** Test entry: the header's account menu as the mini-program shows it, and the toasts. */
export default function AccountMenuEntry() {
  return (
    <>
      <AccountMenu userinfo={null} role={0} onSwitch={noop} onLogout={noop} />
      <ToastHost />
    </>
  )
}
