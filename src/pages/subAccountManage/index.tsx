import { ConsoleLayout } from '../../features/shell/components/ConsoleLayout'
import { SubAccountManager } from '../../features/subaccounts/components/SubAccountManager'

// /subAccountManage — main account only (route table); weapp subpackage of its own.
export default function SubAccountManagePage() {
  return (
    <ConsoleLayout>
      <SubAccountManager />
    </ConsoleLayout>
  )
}
