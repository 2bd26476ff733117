import { PublicLayout } from '../../../features/shell/components/PublicLayout'
import { ReceiverSuccess } from '../../../features/sub-accounts/components/ReceiverConfirmation'

// /success — public, idle-exempt, never left for /login by a 996; weapp subpackage `receiver`.
export default function SuccessPage() {
  return (
    <PublicLayout>
      <ReceiverSuccess />
    </PublicLayout>
  )
}
