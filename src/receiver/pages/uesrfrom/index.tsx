import { useRouter } from '@tarojs/taro'
import { PageFrame } from '../../../features/shell/components/PageFrame'
import { ReceiverForm } from '../../../features/subaccounts/components/ReceiverConfirmation'
import { parseValidateQuery } from '../../../features/subaccounts/rules'

// /uesrfrom?id=&validateType= — the receiver's form (docs/architecture.md); public, idle-exempt;
// weapp subpackage `receiver`.
export default function UesrfromPage() {
  const { params } = useRouter()
  return (
    <PageFrame>
      <ReceiverForm query={parseValidateQuery(params)} />
    </PageFrame>
  )
}
