import { NoticeList } from '../../features/notices/components/NoticeList'
import { ConsoleLayout } from '../../features/shell/components/ConsoleLayout'

export default function NoticesPage() {
  return (
    <ConsoleLayout>
      <NoticeList />
    </ConsoleLayout>
  )
}
