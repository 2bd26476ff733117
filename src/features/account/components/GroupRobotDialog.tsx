import { View } from '@tarojs/components'
import { useState } from 'react'
import { NOTIFY_CATEGORY_LABEL, type NotifyCategory } from '../../../core/contract/notifications'
import { ROBOT_MESSAGES, type GroupRobot } from '../../../core/contract/robots'
import { robotPlatformOf } from '../../../core/validation/robot-webhook'
import { Dialog } from '../../../core/ui/Dialog'
import { TextField } from '../../../core/ui/TextField'
import { useAccountChange } from '../hooks/useAccountChange'
import { robotsApi } from '../robots-api'
import { robotFormErrors, robotUrlHint, SECRET_HINT, takesSecret } from '../robot-rules'

interface GroupRobotDialogProps {
  category: NotifyCategory
  /** The saved robot when this is 修改: its address cannot be shown, so it is pasted again. */
  current: GroupRobot | null
  onSaved(): void
  onClose(): void
}

/** 设置 / 修改 a category's robot: its webhook address and, for DingTalk and Feishu, its secret. */
export function GroupRobotDialog({ category, current, onSaved, onClose }: GroupRobotDialogProps) {
  const [url, setUrl] = useState('')
  const [secret, setSecret] = useState('')
  const [errors, setErrors] = useState({ url: '', secret: '' })
  const change = useAccountChange()
  const platform = robotPlatformOf(url)

  const edit = (patch: { url?: string; secret?: string }) => {
    if (patch.url !== undefined) setUrl(patch.url)
    if (patch.secret !== undefined) setSecret(patch.secret)
    setErrors({ url: '', secret: '' })
    change.setFailure('')
  }
  const submit = async () => {
    const found = robotFormErrors({ url, secret: takesSecret(platform) ? secret : '' })
    setErrors(found)
    if (found.url || found.secret) return
    const saved = await change.run(
      () => robotsApi.save({ category, url: url.trim(), secret: takesSecret(platform) ? secret.trim() : '' }),
      ROBOT_MESSAGES.saved,
    )
    if (saved) onSaved()
  }

  return (
    <Dialog
      title={`群机器人 · ${NOTIFY_CATEGORY_LABEL[category]}`}
      className='account-dialog'
      note={
        current
          ? `当前：${current.maskedUrl}。地址已加密保存，修改时请重新粘贴完整地址。`
          : '在群设置中添加自定义机器人，复制其 Webhook 地址粘贴到这里。'
      }
      failure={change.failure}
      busy={change.submitting}
      confirmText='保存'
      onConfirm={submit}
      onClose={onClose}
    >
      <View className='group-robot-form'>
        <TextField
          name='robotUrl'
          title='Webhook 地址'
          value={url}
          maxLength={512}
          placeholder='https://…'
          error={errors.url}
          onChange={(value) => edit({ url: value })}
        />
        <View className='group-robot-form__hint'>{robotUrlHint(url)}</View>
        {platform && takesSecret(platform) && (
          <>
            <TextField
              name='robotSecret'
              title='签名密钥'
              value={secret}
              maxLength={128}
              placeholder='选填'
              error={errors.secret}
              onChange={(value) => edit({ secret: value })}
            />
            <View className='group-robot-form__hint'>{SECRET_HINT[platform]}</View>
          </>
        )}
      </View>
    </Dialog>
  )
}
