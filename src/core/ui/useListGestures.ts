// The mini-program's own list gestures for a page's main list: pulling down reloads it from the
// top (the page's enablePullDownRefresh comes from the route table's pullToRefresh), reaching the
// bottom loads the next page of a phone list. 加载更多 stays as the fallback: a first page shorter
// than the screen never reaches the bottom.
import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { useRef } from 'react'
import { reachBottomLoadsMore } from '../platform/native-page'
import type { PagedList } from './usePagedList'

type Gestures = Pick<PagedList<unknown>, 'mode' | 'reload' | 'loadMore'>

export function useListGestures(list: Gestures): void {
  const latest = useRef(list)
  latest.current = list
  usePullDownRefresh(() => {
    void latest.current.reload().finally(() => Taro.stopPullDownRefresh())
  })
  useReachBottom(() => {
    if (reachBottomLoadsMore && latest.current.mode === 'more') latest.current.loadMore()
  })
}
