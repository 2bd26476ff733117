// The home list: 4 cards a page on every width (account-area §9), pages on desktop and load-more on
// phones, through the shared usePagedList. It also remembers whether the viewer may manage sites.
import { useCallback, useState } from 'react'
import { useListGestures } from '../../../core/ui/useListGestures'
import { usePagedList, useListMode, type PagedList } from '../../../core/ui/usePagedList'
import type { PageQuery } from '../../../core/ui/paging'
import { productApi, type ProductCard } from '../api'
import { PRODUCT_PAGE_SIZE } from '../rules'

export interface ProductList extends PagedList<ProductCard> {
  /** false: a sub-admin whose website-management switch is off (account-area §6). */
  managesSites: boolean
}

export function useProductList(): ProductList {
  const [managesSites, setManagesSites] = useState(true)
  const fetchPage = useCallback(async (query: PageQuery) => {
    const page = await productApi.list(query)
    setManagesSites(page.isWebsiteManage !== 0)
    return page
  }, [])
  const list = usePagedList(fetchPage, { mode: useListMode(), pageSize: PRODUCT_PAGE_SIZE })
  useListGestures(list)
  return { ...list, managesSites }
}
