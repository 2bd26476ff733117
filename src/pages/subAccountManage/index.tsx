import { ReverifyHost } from '../../features/account/components/ReverifyHost'
import { ConsoleLayout } from '../../features/shell/components/ConsoleLayout'
import { SubAccountManager } from '../../features/sub-accounts/components/SubAccountManager'

// /subAccountManage — both roles (sub-accounts read-only); weapp subpackage of its own.
export default function SubAccountManagePage() {
  return (
    <ConsoleLayout>
      <SubAccountManager />
      <ReverifyHost />
    </ConsoleLayout>
  )
}
