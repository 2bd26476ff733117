import { Text, View } from '@tarojs/components'
import { REVERIFY_WECHAT_REQUIRED } from '../../../core/contract/fresh-session'
import { canScanQrCode, QrCodeImage } from '../../../core/platform/wechat'
import { Button } from '../../../core/ui/Button'
import { Dialog } from '../../../core/ui/Dialog'
import { PageLoading } from '../../../core/ui/PageLoading'
import { useSubmit } from '../../../core/ui/useSubmit'
import { useWechatReverify } from '../hooks/useWechatReverify'
import { endNotice, WECHAT_REVERIFY_TEXT } from '../wechat-reverify-rules'
import './wechat-reverify.scss'

interface WechatReverifyDialogProps {
  /** What was refused (shown on the phone, and here in the mini-program). */
  action?: string
  onVerified(): void
  onCancel(): void
}

/**
 * 安全验证 by WeChat (操作保护 set to 微信确认). A browser shows a QR that the member scans with the
 * mini-program (扫一扫) and confirms there; the mini-program, which can scan (it is the app that
 * confirms), confirms in place with its own WeChat.
 */
export function WechatReverifyDialog(props: WechatReverifyDialogProps) {
  return canScanQrCode ? <ConfirmHereDialog {...props} /> : <QrDialog {...props} />
}

function QrDialog({ action, onVerified, onCancel }: WechatReverifyDialogProps) {
  const { phase, restart } = useWechatReverify(action, onVerified, true)
  const notice = phase.kind === 'ended' ? endNotice(phase.end, phase.failure) : null
  return (
    <Dialog
      title='安全验证'
      className='account-dialog'
      note={`${REVERIFY_WECHAT_REQUIRED}。`}
      onClose={onCancel}
    >
      <View className='wechat-reverify'>
        {action && <Text className='wechat-reverify__action'>待确认的操作：{action}</Text>}
        <View className='wechat-reverify__qr'>
          {phase.kind === 'starting' && <PageLoading />}
          {phase.kind === 'waiting' && (
            <QrCodeImage value={phase.ticket.qrText} size={180} label='微信确认二维码' />
          )}
          {notice && (
            <View className='wechat-reverify__notice' role='alert'>
              <Text>{notice.message}</Text>
              <Button size='small' type='primary' onClick={restart}>
                {notice.action}
              </Button>
            </View>
          )}
        </View>
        <Text className='wechat-reverify__hint'>{WECHAT_REVERIFY_TEXT.scanHint}</Text>
        <Button onClick={onCancel}>取消</Button>
      </View>
    </Dialog>
  )
}

function ConfirmHereDialog({ action, onVerified, onCancel }: WechatReverifyDialogProps) {
  const { confirmHere } = useWechatReverify(action, onVerified, false)
  const confirm = useSubmit({ fallback: WECHAT_REVERIFY_TEXT.confirmFailed })
  return (
    <Dialog
      title='安全验证'
      className='account-dialog'
      note={`${REVERIFY_WECHAT_REQUIRED}。`}
      failure={confirm.failure}
      busy={confirm.busy}
      confirmText='确认'
      onConfirm={() => void confirm.run(confirmHere)}
      onClose={onCancel}
    >
      <View className='wechat-reverify'>
        {action && <Text className='wechat-reverify__action'>待确认的操作：{action}</Text>}
        <Text className='wechat-reverify__hint'>{WECHAT_REVERIFY_TEXT.confirmHere}</Text>
      </View>
    </Dialog>
  )
}
