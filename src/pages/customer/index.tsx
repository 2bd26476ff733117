import { useRouter } from '@tarojs/taro'
import { CustomerCard } from '../../features/customer/components/CustomerCard'
import { PublicLayout } from '../../features/shell/components/PublicLayout'

// /customer?userId=&accountId= — public and idle-exempt (route table); weapp subpackage of its own.
export default function CustomerPage() {
  const { params } = useRouter()
  return (
    <PublicLayout>
      <CustomerCard userId={params.userId ?? ''} accountId={params.accountId ?? ''} />
    </PublicLayout>
  )
}
