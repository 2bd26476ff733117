import { useRouter } from '@tarojs/taro'
import { CustomerCard } from '../../features/customer/components/CustomerCard'
import { PageFrame } from '../../features/shell/components/PageFrame'

// /customer?userId=&accountId= — public and idle-exempt (route table); weapp subpackage of its own.
export default function CustomerPage() {
  const { params } = useRouter()
  return (
    <PageFrame>
      <CustomerCard userId={params.userId ?? ''} accountId={params.accountId ?? ''} />
    </PageFrame>
  )
}
