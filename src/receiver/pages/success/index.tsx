import { PageFrame } from '../../../features/shell/components/PageFrame'
import { ReceiverSuccess } from '../../../features/subaccounts/components/ReceiverConfirmation'

// /success — public, idle-exempt, never left for /login by a 996; weapp subpackage `receiver`.
export default function SuccessPage() {
  return (
    <PageFrame>
      <ReceiverSuccess />
    </PageFrame>
  )
}
