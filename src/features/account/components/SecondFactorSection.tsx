import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import type { SecondFactorEnrolment } from '../../../core/contract/second-factor'
import { isMainAccount } from '../../../core/routing/guard'
import { Button } from '../../../core/ui/Button'
import { Checkbox } from '../../../core/ui/Checkbox'
import { ConfirmDialog } from '../../../core/ui/ConfirmDialog'
import { FieldError } from '../../../core/ui/FieldError'
import { LoadFailed } from '../../../core/ui/ResourceStatus'
import { useResource } from '../../../core/ui/useResource'
import { useSubmit } from '../../../core/ui/useSubmit'
import { isReverifyCancelled, withFreshSession } from '../fresh-session'
import { useAccountChange } from '../hooks/useAccountChange'
import { secondFactorApi } from '../second-factor-api'
import { SECOND_FACTOR_TEXT, secondFactorSummary } from '../second-factor-rules'
import { RecoveryCodesDialog } from './RecoveryCodesDialog'
import { SecondFactorDisableDialog } from './SecondFactorDisableDialog'
import { SecondFactorEnrolDialog } from './SecondFactorEnrolDialog'
import './second-factor.scss'

type Open =
  | { kind: 'enrol'; enrolment: SecondFactorEnrolment }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'regenerate' }
  | { kind: 'disable' }
  | null

/**
 * 二次验证 in 账户管理: off, an explanation and 开启; on, the recovery codes left, 重新生成恢复码 and
 * 关闭二次验证. The main account also decides whether its sub-admins must turn it on.
 */
export function SecondFactorSection({ role }: { role: number | null | undefined }) {
  const status = useResource(secondFactorApi.status, [])
  const [open, setOpen] = useState<Open>(null)
  const change = useAccountChange('操作失败，请重试')
  const starting = useSubmit({ ignore: isReverifyCancelled })

  // Compact states: the section sits inside a settings row.
  if (status.status === 'error') return <LoadFailed message={status.error} onRetry={status.retry} />
  if (!status.data) return <Text className='second-factor__summary'>加载中...</Text>
  const { enabled, requiredForMe, subAdminsRequired } = status.data

  const close = () => setOpen(null)
  const changed = () => {
    close()
    void status.reload()
  }
  // The key is asked for before the dialog opens: begin is where a stale session re-verifies.
  const begin = () =>
    starting.run(async () =>
      setOpen({ kind: 'enrol', enrolment: await withFreshSession(secondFactorApi.begin) }),
    )
  const regenerate = () => {
    close()
    void change.run(async () => {
      const { recoveryCodes } = await secondFactorApi.regenerateRecoveryCodes()
      setOpen({ kind: 'codes', codes: recoveryCodes })
    }, SECOND_FACTOR_TEXT.regenerated)
  }
  const requireForSubAdmins = async (required: boolean) => {
    if (await change.run(() => secondFactorApi.requireForSubAdmins(required), SECOND_FACTOR_TEXT.saved))
      void status.reload()
  }

  return (
    <View className='second-factor' aria-label='二次验证设置'>
      <Text className='second-factor__summary'>{secondFactorSummary(status.data)}</Text>
      {!enabled && <Text className='second-factor__explanation'>{SECOND_FACTOR_TEXT.explanation}</Text>}
      {!enabled && requiredForMe && (
        <View className='second-factor__warning' role='note'>
          {SECOND_FACTOR_TEXT.requiredForMe}
        </View>
      )}
      <View className='second-factor__actions'>
        {enabled ? (
          <>
            <Button size='small' onClick={() => setOpen({ kind: 'regenerate' })}>
              重新生成恢复码
            </Button>
            <Button size='small' onClick={() => setOpen({ kind: 'disable' })}>
              关闭二次验证
            </Button>
          </>
        ) : (
          <Button size='small' type='primary' loading={starting.busy} onClick={begin}>
            开启
          </Button>
        )}
      </View>
      {isMainAccount(role) && (
        <View className='second-factor__sub-admins'>
          <Checkbox
            checked={subAdminsRequired}
            label={SECOND_FACTOR_TEXT.subAdmins}
            disabled={change.submitting}
            onChange={requireForSubAdmins}
          />
          <Text onClick={() => !change.submitting && requireForSubAdmins(!subAdminsRequired)}>
            {SECOND_FACTOR_TEXT.subAdmins}
          </Text>
        </View>
      )}
      <FieldError message={starting.failure || change.failure} />

      {open?.kind === 'enrol' && (
        <SecondFactorEnrolDialog
          enrolment={open.enrolment}
          confirm={secondFactorApi.confirm}
          onDone={changed}
          onCancel={close}
        />
      )}
      {open?.kind === 'codes' && <RecoveryCodesDialog codes={open.codes} onDone={changed} />}
      {open?.kind === 'disable' && <SecondFactorDisableDialog onDisabled={changed} onClose={close} />}
      <ConfirmDialog
        open={open?.kind === 'regenerate'}
        title='重新生成恢复码'
        message={SECOND_FACTOR_TEXT.regenerateWarning}
        confirmText='重新生成'
        onConfirm={regenerate}
        onCancel={close}
      />
    </View>
  )
}
