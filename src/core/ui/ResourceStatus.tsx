import { Text, View } from '@tarojs/components'
import { Button } from './Button'
import { PageLoading } from './PageLoading'
import type { Resource } from './useResource'
import './list.scss'

/** A load that failed: the message and 重试 (lists and single resources alike). */
export function LoadFailed({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <View className='list-status list-status--error' role='alert'>
      <Text>{message}</Text>
      <Button size='small' onClick={onRetry}>
        重试
      </Button>
    </View>
  )
}

/** The loading and error states of a `useResource`; nothing once it is ready. */
export function ResourceStatus({
  resource,
}: {
  resource: Pick<Resource<unknown>, 'status' | 'error' | 'retry'>
}) {
  if (resource.status === 'loading') return <PageLoading />
  if (resource.status === 'error') return <LoadFailed message={resource.error} onRetry={resource.retry} />
  return null
}
