import { useRouter } from '@tarojs/taro'
import { EvaluationPage } from '../../features/evaluations/components/EvaluationPage'
import { PublicLayout } from '../../features/shell/components/PublicLayout'

// /evaluate?uuId= — public and idle-exempt (route table); weapp subpackage of its own.
export default function EvaluatePage() {
  const { params } = useRouter()
  return (
    <PublicLayout>
      <EvaluationPage uuId={params.uuId ?? ''} />
    </PublicLayout>
  )
}
