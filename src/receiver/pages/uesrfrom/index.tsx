import { useRouter } from '@tarojs/taro'
import { PublicLayout } from '../../../features/shell/components/PublicLayout'
import { ReceiverForm } from '../../../features/sub-accounts/components/ReceiverConfirmation'
import { parseValidateQuery } from '../../../features/sub-accounts/rules'

// /uesrfrom?id=&validateType= — the receiver's form (docs/architecture.md); public, idle-exempt;
// weapp subpackage `receiver`.
export default function UesrfromPage() {
  const { params } = useRouter()
  return (
    <PublicLayout>
      <ReceiverForm query={parseValidateQuery(params)} />
    </PublicLayout>
  )
}
