import { Text } from '@tarojs/components'
import { statusView } from '../rules'

/** A status in its colour (doc2 §4: green, orange, processing blue, grey when closed). */
export function StatusTag({ status }: { status: number }) {
  const view = statusView(status)
  return <Text className={`wo-status wo-status--${view.tone}`}>{view.label}</Text>
}
