import { Text, View } from '@tarojs/components'
import { Button } from '../../../core/ui/Button'
import { Dialog } from '../../../core/ui/Dialog'
import { copyText } from '../copy-text'
import { recoveryCodesText, SECOND_FACTOR_TEXT } from '../second-factor-rules'
import './second-factor.scss'

/**
 * The recovery codes, shown this once (after enabling and after 重新生成恢复码): one a line, 复制全部,
 * and 我已保存 to close. A tap beside the dialog does not close it: the codes are never shown again.
 */
export function RecoveryCodesDialog({ codes, onDone }: { codes: readonly string[]; onDone(): void }) {
  return (
    <Dialog
      title='保存恢复码'
      className='account-dialog'
      closeOnMask={false}
      note='手机丢失或无法使用身份验证器时，可用恢复码代替动态验证码登录。'
      onClose={onDone}
    >
      <View className='recovery-codes' role='list' aria-label='恢复码'>
        {codes.map((code) => (
          <View key={code} role='listitem' className='recovery-codes__code'>
            <Text userSelect>{code}</Text>
          </View>
        ))}
      </View>
      <View className='second-factor__warning' role='note'>
        {SECOND_FACTOR_TEXT.recoveryNote}
      </View>
      <View className='second-factor__actions'>
        <Button onClick={() => copyText(recoveryCodesText(codes))}>复制全部</Button>
        <Button type='primary' onClick={onDone}>
          我已保存
        </Button>
      </View>
    </Dialog>
  )
}
