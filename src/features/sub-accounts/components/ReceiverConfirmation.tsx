import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { RECIPIENT_MESSAGES, VALIDATE_TYPE, type ValidateLinkInfo } from '../../../core/contract/recipients'
import { formatBeijingTime } from '../../../core/format/time'
import { redirectTo } from '../../../core/routing/navigate'
import { Button } from '../../../core/ui/Button'
import { ResourceStatus } from '../../../core/ui/ResourceStatus'
import { useResource } from '../../../core/ui/useResource'
import { useSubmit } from '../../../core/ui/useSubmit'
import { recipientApi } from '../api'
import { runValidation, type ValidateOutcome, type ValidateQuery } from '../rules'
import './receiver.scss'

export const SUCCESS_PATH = '/success'

/** The timeout view (doc2 §8): an expired, used or unknown link. */
export function ReceiverTimeout() {
  return (
    <View className='receiver card' role='alert'>
      <View className='receiver__icon receiver__icon--timeout'>!</View>
      <View className='receiver__title'>{RECIPIENT_MESSAGES.timeout}</View>
      <View className='receiver__text'>请联系添加您的账户重新发送验证链接</View>
    </View>
  )
}

/** /success (public; a 996 never leaves it): the receiver confirmation went through. */
export function ReceiverSuccess() {
  return (
    <View className='receiver card' role='status'>
      <View className='receiver__icon receiver__icon--ok'>✓</View>
      <View className='receiver__title'>{RECIPIENT_MESSAGES.confirmed}</View>
      <View className='receiver__text'>您已成为通知接收人，账户的通知将发送到已验证的手机号或邮箱。</View>
    </View>
  )
}

// One validation per link per page load: a remount (or a second effect run) must not spend the
// link twice and then call it used. A failure that is not the server's answer is forgotten (retry).
const runs = new Map<string, Promise<ValidateOutcome>>()

function validateOnce(query: ValidateQuery): Promise<ValidateOutcome> {
  const key = `${query.validateType}:${query.id}`
  let run = runs.get(key)
  if (!run) {
    run = runValidation(query, recipientApi)
    runs.set(key, run)
    run.catch(() => runs.delete(key))
  }
  return run
}

/**
 * /validate?id=&validateType=&effectiveTime= (doc2 §4 Receiver confirmation): asks judgeInvalid,
 * spends a valid link with updateValidateStatus and goes to /success; otherwise the timeout view.
 * effectiveTime is only shown while checking: the server decides expiry.
 */
export function ValidateView({ query }: { query: ValidateQuery }) {
  const outcome = useResource(async () => {
    const result = await validateOnce(query)
    if (result === 'success') await redirectTo(SUCCESS_PATH)
    return result
  }, [query.id, query.validateType])
  if (outcome.data === 'timeout') return <ReceiverTimeout />
  return (
    <View className='receiver card'>
      <View className='receiver__title'>正在验证…</View>
      {query.effectiveTime && (
        <View className='receiver__text'>
          链接有效期至 {formatBeijingTime(query.effectiveTime, 'YYYY-MM-DD HH:mm')}
        </View>
      )}
      <ResourceStatus resource={outcome} />
    </View>
  )
}

const CHANNEL_LABEL = { [VALIDATE_TYPE.sms]: '手机号', [VALIDATE_TYPE.email]: '邮箱' }

/**
 * /uesrfrom?id=&validateType= (our reading of the spec's bare route; docs/architecture.md): the
 * receiver's form. It shows who added the receiver and which address the link confirms, and spends
 * the link only when 确认接收 is pressed, so a link preview or a mail scanner that opens it does not.
 */
export function ReceiverForm({ query }: { query: ValidateQuery }) {
  const link = useResource<ValidateLinkInfo>(
    () =>
      query.id && Number.isInteger(query.validateType)
        ? recipientApi.judge(query.id, query.validateType)
        : Promise.resolve({ valid: false }),
    [query.id, query.validateType],
  )
  const [timedOut, setTimedOut] = useState(false)
  const save = useSubmit()
  const info = link.data
  if (timedOut || info?.valid === false) return <ReceiverTimeout />
  if (!info) return <ResourceStatus resource={link} />

  const confirm = () =>
    void save.run(async () => {
      const outcome = await runValidation(query, { judge: async () => info, confirm: recipientApi.confirm })
      if (outcome === 'timeout') setTimedOut(true)
      else await redirectTo(SUCCESS_PATH)
    })

  return (
    <View className='receiver card' role='form' aria-label='接收人确认'>
      <View className='receiver__title'>接收通知确认</View>
      <View className='receiver__fields'>
        <View className='receiver__field'>
          <Text className='receiver__label'>邀请账户</Text>
          <Text>{info.accountName}</Text>
        </View>
        <View className='receiver__field'>
          <Text className='receiver__label'>接收人</Text>
          <Text>{info.fullName}</Text>
        </View>
        <View className='receiver__field'>
          <Text className='receiver__label'>{CHANNEL_LABEL[info.validateType]}</Text>
          <Text>{info.target}</Text>
        </View>
        <View className='receiver__field'>
          <Text className='receiver__label'>有效期至</Text>
          <Text>{formatBeijingTime(info.expireTime, 'YYYY-MM-DD HH:mm')}</Text>
        </View>
      </View>
      {save.failure && <View className='receiver__text'>{save.failure}</View>}
      <Button type='primary' loading={save.busy} onClick={confirm}>
        确认接收
      </Button>
    </View>
  )
}
