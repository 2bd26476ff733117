import { useRouter } from '@tarojs/taro'
import { PublicLayout } from '../../../features/shell/components/PublicLayout'
import { ValidateView } from '../../../features/sub-accounts/components/ReceiverConfirmation'
import { parseValidateQuery } from '../../../features/sub-accounts/rules'

// /validate?id=&validateType=&effectiveTime= — public, idle-exempt; weapp subpackage `receiver`.
export default function ValidatePage() {
  const { params } = useRouter()
  return (
    <PublicLayout>
      <ValidateView query={parseValidateQuery(params)} />
    </PublicLayout>
  )
}
