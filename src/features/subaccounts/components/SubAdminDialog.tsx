import { View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { AtInput } from 'taro-ui'
import { Dialog } from '../../../core/ui/Dialog'
import { FieldError } from '../../../core/ui/FieldError'
import { PageLoading } from '../../../core/ui/PageLoading'
import { toast } from '../../../core/ui/toast'
import { useForm } from '../../../core/ui/useForm'
import { useResource } from '../../../core/ui/useResource'
import { useSubmit } from '../../../core/ui/useSubmit'
import { isPhone } from '../../../core/validation/rules'
import { SUB_ADMIN_NAME_MAX, validateSubAdmin } from '../../../core/validation/sub-admin'
import { subAccountApi, type Position } from '../api'
import { SUB_ADMIN_TEXT } from '../rules'
import { MailboxField } from './MailboxField'
import { PositionSelect } from './PositionSelect'

interface SubAdminDialogProps {
  /** null: add a sub-admin; a number: edit that one. */
  editId: number | null
  positions: Position[]
  onClose(): void
  onSaved(): void
}

const EMPTY = { fullName: '', mailbox: '', phoneNumber: '', position: '' }

/**
 * 新增 / 编辑子管理员 (account-area §2, §5): name, mailbox with suggestions, phone (read-only on
 * edit, checked for availability as it is completed), position from the dictionary. A refusal
 * shows its message and keeps what was typed.
 */
export function SubAdminDialog({ editId, positions, onClose, onSaved }: SubAdminDialogProps) {
  const editing = editId !== null
  const form = useForm(EMPTY)
  const detail = useResource(
    () => (editId === null ? Promise.resolve(null) : subAccountApi.detail(editId)),
    [editId],
  )
  const save = useSubmit({ fallback: '保存失败，请重试' })
  const [phoneWarning, setPhoneWarning] = useState('')
  const v = form.values
  const { set } = form

  useEffect(() => {
    const item = detail.data
    if (item) for (const key of Object.keys(EMPTY) as (keyof typeof EMPTY)[]) set(key, item[key] ?? '')
  }, [detail.data, set])

  const changePhone = (value: string) => {
    form.set('phoneNumber', value)
    setPhoneWarning('')
    if (!isPhone(value)) return
    // §5: a phone-availability check shows a warning (the server refuses the add as well).
    subAccountApi
      .phoneAvailable(value.trim())
      .then(({ available }) => setPhoneWarning(available ? '' : SUB_ADMIN_TEXT.phoneTaken))
      .catch(() => undefined)
  }

  const submit = () => {
    save.reset()
    if (
      !form.check((values) =>
        validateSubAdmin(
          values,
          positions.map((p) => p.itemValue),
        ),
      )
    )
      return
    const values = {
      fullName: v.fullName.trim(),
      mailbox: v.mailbox.trim(),
      position: v.position,
    }
    void save.run(async () => {
      if (editId === null) await subAccountApi.add({ ...values, phoneNumber: v.phoneNumber.trim() })
      else await subAccountApi.edit(editId, values)
      toast.success(editing ? SUB_ADMIN_TEXT.saved : SUB_ADMIN_TEXT.added)
      onSaved()
    })
  }

  const title = editing ? '编辑子管理员' : '新增子管理员'
  return (
    <Dialog
      title={title}
      role='form'
      className='sub-admin-dialog'
      failure={save.failure || detail.error}
      busy={save.busy}
      onConfirm={submit}
      onClose={onClose}
    >
      {editing && detail.status === 'loading' ? (
        <PageLoading />
      ) : (
        <>
          <AtInput
            name='sub-admin-name'
            title='姓名'
            placeholder='请输入姓名'
            maxlength={SUB_ADMIN_NAME_MAX}
            value={v.fullName}
            onChange={form.change('fullName')}
          />
          <FieldError message={form.errors.fullName} />
          <MailboxField value={v.mailbox} onChange={form.change('mailbox')} />
          <FieldError message={form.errors.mailbox} />
          <AtInput
            name='sub-admin-phone'
            title='手机号'
            type='phone'
            placeholder='请输入手机号'
            maxlength={11}
            disabled={editing}
            value={v.phoneNumber}
            onChange={changePhone}
          />
          <FieldError message={form.errors.phoneNumber} />
          {phoneWarning && !form.errors.phoneNumber && (
            <View className='sub-admin-dialog__warning' role='status'>
              {phoneWarning}
            </View>
          )}
          <PositionSelect
            positions={positions}
            value={v.position}
            onChange={(value) => form.set('position', value)}
          />
          <FieldError message={form.errors.position} />
        </>
      )}
    </Dialog>
  )
}
