import { useRouter } from '@tarojs/taro'
import { LatestNoticePopup } from '../../features/notices/components/LatestNoticePopup'
import { HomeBindPhone } from '../../features/products/components/HomeBindPhone'
import { OpeningProgress } from '../../features/products/components/OpeningProgress'
import { ProductList } from '../../features/products/components/ProductList'
import { useOpeningProgress } from '../../features/products/hooks/useOpeningProgress'
import { useProductList } from '../../features/products/hooks/useProductList'
import { ConsoleLayout } from '../../features/shell/components/ConsoleLayout'

/**
 * The home's content holds the list and progress state, so their answers render the content only,
 * not the page's frame (header, footer, help) around it.
 */
function HomeContent({ orderCode }: { orderCode?: string }) {
  const list = useProductList()
  const progress = useOpeningProgress(orderCode, list.reload)
  return (
    <>
      <OpeningProgress progress={progress} />
      <ProductList list={list} />
      <HomeBindPhone />
      <LatestNoticePopup paused={progress?.phase === 'opening'} />
    </>
  )
}

/**
 * Home (account-area §2): product and site cards, the progress after a purchase (?orderCode=). The
 * latest-notice poll also loads the header's badges and waits while the opening progress polls
 * (one call every 3 s in all).
 */
export default function HomePage() {
  return (
    <ConsoleLayout unreadFromPage>
      <HomeContent orderCode={useRouter().params.orderCode || undefined} />
    </ConsoleLayout>
  )
}
