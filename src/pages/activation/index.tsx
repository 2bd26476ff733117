import { useRouter } from '@tarojs/taro'
import { PageFrame } from '../../features/shell/components/PageFrame'
import { ActivationForm } from '../../features/subaccounts/components/ActivationForm'

// /activation?activeCode= — public and idle-exempt (route table); weapp subpackage of its own.
export default function ActivationPage() {
  const { params } = useRouter()
  return (
    <PageFrame>
      <ActivationForm activeCode={params.activeCode ?? ''} />
    </PageFrame>
  )
}
