import { useRouter } from '@tarojs/taro'
import { EvaluationPage } from '../../features/evaluation/components/EvaluationPage'
import { PageFrame } from '../../features/shell/components/PageFrame'

// /evaluate?uuId= — public and idle-exempt (route table); weapp subpackage of its own.
export default function EvaluatePage() {
  const { params } = useRouter()
  return (
    <PageFrame>
      <EvaluationPage uuId={params.uuId ?? ''} />
    </PageFrame>
  )
}
