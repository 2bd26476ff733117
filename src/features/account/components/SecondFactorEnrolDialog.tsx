import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import {
  AUTHENTICATOR_APPS,
  SECOND_FACTOR_MSG,
  secondFactorCodeError,
  type RecoveryCodes,
  type SecondFactorEnrolment,
} from '../../../core/contract/second-factor'
import { QrCodeImage } from '../../../core/platform/wechat'
import { Button } from '../../../core/ui/Button'
import { Dialog } from '../../../core/ui/Dialog'
import { toast } from '../../../core/ui/toast'
import { useSubmit } from '../../../core/ui/useSubmit'
import { copyText } from '../copy-text'
import { isReverifyCancelled } from '../fresh-session'
import { groupedSecret } from '../second-factor-rules'
import { RecoveryCodesDialog } from './RecoveryCodesDialog'
import { TotpCodeField } from './TotpCodeField'
import './second-factor.scss'

const QR_SIZE = 180

interface SecondFactorEnrolDialogProps {
  /** The key begin answered (the caller asked for it: with a fresh session, or the pending login). */
  enrolment: SecondFactorEnrolment
  /** Sends the app's first code; answers the recovery codes. */
  confirm(code: string): Promise<RecoveryCodes>
  /** A line above the steps (the login says why it asks). */
  note?: string
  /** After 我已保存: the second factor is on. */
  onDone(): void
  /** Closed before confirming: nothing changed. */
  onCancel(): void
}

/**
 * 开启二次验证: scan the QR (or copy the key) into an authenticator app, type its current code,
 * then keep the recovery codes. The account section and the login's enrolment step both use it.
 */
export function SecondFactorEnrolDialog({
  enrolment,
  confirm,
  note,
  onDone,
  onCancel,
}: SecondFactorEnrolDialogProps) {
  const [code, setCode] = useState('')
  const [codeError, setCodeError] = useState('')
  const [codes, setCodes] = useState<string[] | null>(null)
  const submit = useSubmit({ ignore: isReverifyCancelled })

  if (codes) return <RecoveryCodesDialog codes={codes} onDone={onDone} />

  const send = () => {
    const error = secondFactorCodeError(code)
    setCodeError(error)
    if (error) return
    void submit.run(async () => {
      const answer = await confirm(code.trim())
      toast.success(SECOND_FACTOR_MSG.enabled)
      setCodes(answer.recoveryCodes)
    })
  }

  return (
    <Dialog
      title='开启二次验证'
      className='account-dialog second-factor-dialog'
      note={note}
      failure={submit.failure}
      busy={submit.busy}
      confirmText='确认'
      onConfirm={send}
      onClose={onCancel}
    >
      <Text className='second-factor__step'>
        1. 在手机上安装身份验证器App（如{AUTHENTICATOR_APPS.join('、')}），扫描二维码添加账号：
      </Text>
      <View className='second-factor__qr'>
        <QrCodeImage value={enrolment.uri} size={QR_SIZE} label='二次验证二维码' />
      </View>
      <Text className='second-factor__step'>无法扫码时，可复制密钥后在App中手动添加：</Text>
      <View className='second-factor__secret'>
        <Text className='second-factor__key' aria-label='密钥' userSelect>
          {groupedSecret(enrolment.secret)}
        </Text>
        <Button size='small' onClick={() => copyText(enrolment.secret)}>
          复制密钥
        </Button>
      </View>
      <Text className='second-factor__step'>2. 输入App中显示的6位动态验证码：</Text>
      <TotpCodeField
        name='second-factor-enrol-code'
        value={code}
        error={codeError}
        onChange={(typed) => {
          setCode(typed)
          setCodeError('')
          submit.reset()
        }}
        onConfirm={send}
      />
    </Dialog>
  )
}
