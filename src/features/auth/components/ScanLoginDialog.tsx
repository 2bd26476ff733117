import { Text, View } from '@tarojs/components'
import { Dialog } from '../../../core/ui/Dialog'
import type { PendingScan } from '../scan-login'
import { scanApprovalDetails } from '../scan-approval'
import './scan-login-dialog.scss'

interface ScanLoginDialogProps {
  pending: PendingScan
  busy: boolean
  onAnswer(action: 'confirm' | 'cancel'): void
}

/**
 * The mini-program's 扫码登录 asks before it approves (security issue #20): what is approved
 * (在电脑上登录会员中心) and the desktop that asked, by browser, address and time. 确认 approves,
 * 取消 (or closing) ends the desktop's QR.
 */
export function ScanLoginDialog({ pending, busy, onAnswer }: ScanLoginDialogProps) {
  return (
    <Dialog
      title='确认登录'
      className='scan-login-dialog'
      closeOnMask={false}
      confirmText='确认'
      busy={busy}
      onConfirm={() => onAnswer('confirm')}
      onClose={() => onAnswer('cancel')}
    >
      <Text className='scan-login-dialog__action'>{pending.answer.action}</Text>
      {scanApprovalDetails(pending.answer).map((line) => (
        <View key={line.label} className='scan-login-dialog__line'>
          <Text className='scan-login-dialog__label'>{line.label}</Text>
          <Text className='scan-login-dialog__value'>{line.value}</Text>
        </View>
      ))}
      <Text className='scan-login-dialog__warn'>如果不是你本人刚刚在电脑上发起的登录，请点 取消。</Text>
    </Dialog>
  )
}
