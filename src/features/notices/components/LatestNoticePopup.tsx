import { View } from '@tarojs/components'
import { formatBeijingTime } from '../../../core/format/time'
import { navigateTo } from '../../../core/routing/navigate'
import { Button } from '../../../core/ui/Button'
import { Dialog } from '../../../core/ui/Dialog'
import { useLatestNotice } from '../hooks/useLatestNotice'
import { noticeTitle, noticeTypeLabel } from '../rules'
import './notices.scss'

/**
 * Home: the newest unread notice in a popup; 查看 opens it, 关闭 dismisses it (neither pops it again).
 * `paused` holds the poll while another poll of the page runs (one call per 3 s in all).
 */
export function LatestNoticePopup({ paused = false }: { paused?: boolean }) {
  const { notice, dismiss } = useLatestNotice(paused)
  const view = () => {
    if (!notice) return
    dismiss()
    navigateTo(`/noticesDetail?id=${notice.id}`)
  }
  if (!notice) return null
  return (
    <Dialog title='新消息提醒' label='新消息' className='latest-notice' onClose={dismiss}>
      <View className='latest-notice__title'>{noticeTitle({ templateTitle: '', ...notice })}</View>
      <View className='latest-notice__meta'>
        {noticeTypeLabel(notice.type)} · {formatBeijingTime(notice.createTime)}
      </View>
      <View className='latest-notice__actions'>
        <Button size='small' onClick={dismiss}>
          关闭
        </Button>
        <Button size='small' type='primary' onClick={view}>
          查看
        </Button>
      </View>
    </Dialog>
  )
}
