import { useRouter } from '@tarojs/taro'
import { PublicLayout } from '../../features/shell/components/PublicLayout'
import { ActivationForm } from '../../features/sub-accounts/components/ActivationForm'

// /activation?activeCode= — public and idle-exempt (route table); weapp subpackage of its own.
export default function ActivationPage() {
  const { params } = useRouter()
  return (
    <PublicLayout>
      <ActivationForm activeCode={params.activeCode ?? ''} />
    </PublicLayout>
  )
}
