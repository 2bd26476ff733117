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

const TEXT = {
  login: { title: '确认登录', warn: '如果不是你本人刚刚在电脑上发起的登录，请点 取消。' },
  action: { title: '确认操作', warn: '如果不是你本人刚刚在网页上发起的操作，请点 取消，并尽快修改密码。' },
} as const

/**
 * The mini-program's 扫一扫 asks before it approves (a forwarded QR must not take an account
 * over): what is approved (在电脑上登录会员中心, or a protected action such as 修改密码) and the
 * browser that asked, by name, address and time. 确认 approves, 取消 (or closing) ends the request.
 */
export function ScanLoginDialog({ pending, busy, onAnswer }: ScanLoginDialogProps) {
  return (
    <Dialog
      title={TEXT[pending.kind].title}
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
      <Text className='scan-login-dialog__warn'>{TEXT[pending.kind].warn}</Text>
    </Dialog>
  )
}
