import { View } from '@tarojs/components'
import type { PagedList } from './usePagedList'
import './list.scss'

type LoadMoreProps = Pick<
  PagedList<unknown>,
  'mode' | 'status' | 'empty' | 'hasMore' | 'loadingMore' | 'loadMoreFailed' | 'loadMore'
>

/** The foot of a phone list: 加载更多, loading, retry after a failure, or the end of the list. */
export function LoadMore(list: LoadMoreProps) {
  if (list.mode !== 'more' || list.status !== 'ready' || list.empty) return null
  if (list.loadingMore) return <View className='load-more load-more--busy'>加载中...</View>
  if (list.loadMoreFailed || list.hasMore) {
    return (
      <View className='load-more load-more--action' role='button' onClick={list.loadMore}>
        {list.loadMoreFailed ? '加载失败，点击重试' : '加载更多'}
      </View>
    )
  }
  return <View className='load-more load-more--end'>没有更多了</View>
}
