import { ConfirmDialog } from '../../../core/ui/ConfirmDialog'
import { useDeviceSignOut } from '../hooks/useDeviceSignOut'
import { loginDevicesApi } from '../login-devices-api'
import { LOGIN_DEVICES_TEXT } from '../rules'

interface NotMeDialogProps {
  /** The session the 账号安全提醒 was about (/accountManage?notMe=<id>). */
  sessionId: number
  /** Asked or not, the password change comes next. */
  onDone(): void
  onCancel(): void
}

/** 不是我: ends the session that logged in (the server refuses another member's) and opens 修改密码. */
export function NotMeDialog({ sessionId, onDone, onCancel }: NotMeDialogProps) {
  const signOut = useDeviceSignOut()
  const confirm = async () => {
    await signOut.run(() => loginDevicesApi.signOut(sessionId), '已退出该设备，请立即修改密码')
    onDone()
  }
  return (
    <ConfirmDialog
      open
      title='不是我'
      message={LOGIN_DEVICES_TEXT.confirmNotMe}
      confirmText='退出并修改密码'
      onConfirm={() => void confirm()}
      onCancel={onCancel}
    />
  )
}
