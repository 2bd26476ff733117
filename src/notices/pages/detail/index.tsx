import { useRouter } from '@tarojs/taro'
import { NoticeDetailView } from '../../../features/notices/components/NoticeDetailView'
import { ConsoleLayout } from '../../../features/shell/components/ConsoleLayout'

// /noticesDetail?id= — in the weapp subpackage `notices` (route table), with the chart.
export default function NoticeDetailPage() {
  const { params } = useRouter()
  return (
    <ConsoleLayout>
      <NoticeDetailView id={params.id} />
    </ConsoleLayout>
  )
}
