import { View } from '@tarojs/components'
import { ListStatus } from '../../../core/ui/ListStatus'
import { LoadMore } from '../../../core/ui/LoadMore'
import { Pager } from '../../../core/ui/Pager'
import type { ProductList as ProductListState } from '../hooks/useProductList'
import { useProductActions } from '../hooks/useProductActions'
import { ProductCardView } from './ProductCardView'
import { ProductPromo } from './ProductPromo'
import './products.scss'

/** account-area §6: a sub-admin without website management sees no products, and is told why. */
export const NO_WEBSITE_MANAGE = '您暂无网站管理权限，请联系主账号开通'

/** The home's cards: loading, error with retry, the promotion when empty, pages or load-more. */
export function ProductList({ list }: { list: ProductListState }) {
  const actions = useProductActions()
  if (list.empty && !list.managesSites) {
    return (
      <View className='list-status list-status--empty' role='status'>
        {NO_WEBSITE_MANAGE}
      </View>
    )
  }
  if (list.empty) return <ProductPromo />
  return (
    <View className='product-list' aria-label='产品列表'>
      <ListStatus list={list} emptyText='' />
      <View className='product-list__cards'>
        {list.items.map((card) => (
          <ProductCardView key={card.id} card={card} actions={actions} />
        ))}
      </View>
      {list.mode === 'pages' ? <Pager {...list.pager} /> : <LoadMore {...list} />}
    </View>
  )
}
