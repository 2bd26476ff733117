import { View } from '@tarojs/components'
import { PageLoading } from './PageLoading'
import { LoadFailed } from './ResourceStatus'
import type { PagedList } from './usePagedList'
import './list.scss'

interface ListStatusProps {
  list: Pick<PagedList<unknown>, 'status' | 'error' | 'empty' | 'retry'>
  emptyText: string
}

/** Loading, error (with retry) and empty states of a list; nothing once rows are shown. */
export function ListStatus({ list, emptyText }: ListStatusProps) {
  if (list.status === 'loading') return <PageLoading />
  if (list.status === 'error') return <LoadFailed message={list.error} onRetry={list.retry} />
  if (list.empty) {
    return (
      <View className='list-status list-status--empty' role='status'>
        {emptyText}
      </View>
    )
  }
  return null
}
