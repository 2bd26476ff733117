import { useRouter } from '@tarojs/taro'
import { LatestNoticePopup } from '../../features/notices/components/LatestNoticePopup'
import { HomeBindPhone } from '../../features/products/components/HomeBindPhone'
import { OpeningProgress } from '../../features/products/components/OpeningProgress'
import { ProductList } from '../../features/products/components/ProductList'
import { useOpeningProgress } from '../../features/products/hooks/useOpeningProgress'
import { useProductList } from '../../features/products/hooks/useProductList'
import { ConsoleLayout } from '../../features/shell/components/ConsoleLayout'

/**
 * Home (account-area §2): product and site cards, the progress after a purchase (?orderCode=). The
 * latest-notice poll also loads the header's badges and waits while the opening progress polls
 * (one call every 3 s in all).
 */
export default function HomePage() {
  const list = useProductList()
  const progress = useOpeningProgress(useRouter().params.orderCode || undefined, list.reload)
  return (
    <ConsoleLayout unreadFromPage>
      <OpeningProgress progress={progress} />
      <ProductList list={list} />
      <HomeBindPhone />
      <LatestNoticePopup paused={progress?.phase === 'opening'} />
    </ConsoleLayout>
  )
}
