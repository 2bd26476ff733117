import { useRouter } from '@tarojs/taro'
import { PageFrame } from '../../../features/shell/components/PageFrame'
import { ValidateView } from '../../../features/subaccounts/components/ReceiverConfirmation'
import { parseValidateQuery } from '../../../features/subaccounts/rules'

// /validate?id=&validateType=&effectiveTime= — public, idle-exempt; weapp subpackage `receiver`.
export default function ValidatePage() {
  const { params } = useRouter()
  return (
    <PageFrame>
      <ValidateView query={parseValidateQuery(params)} />
    </PageFrame>
  )
}
