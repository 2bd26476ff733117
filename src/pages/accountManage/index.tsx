import { AccountSettings } from '../../features/account/components/AccountSettings'
import { ReverifyHost } from '../../features/account/components/ReverifyHost'
import { ConsoleLayout } from '../../features/shell/components/ConsoleLayout'

export default function AccountManagePage() {
  return (
    <ConsoleLayout>
      <AccountSettings />
      <ReverifyHost />
    </ConsoleLayout>
  )
}
