import { View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { AtInput, AtModal, AtModalContent, AtModalHeader } from 'taro-ui'
import { ApiError } from '../../../core/http/api-error'
import { DialogActions } from '../../../core/ui/DialogActions'
import { FieldError } from '../../../core/ui/FieldError'
import { PageLoading } from '../../../core/ui/PageLoading'
import { toast } from '../../../core/ui/toast'
import { useForm } from '../../../core/ui/useForm'
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
  const [loading, setLoading] = useState(editing)
  const [failure, setFailure] = useState('')
  const [phoneWarning, setPhoneWarning] = useState('')
  const [submitting, setSubmitting] = useState(false)
  const v = form.values
  const { set } = form

  useEffect(() => {
    if (editId === null) return
    let live = true
    subAccountApi
      .detail(editId)
      .then((item) => {
        if (!live) return
        for (const key of Object.keys(EMPTY) as (keyof typeof EMPTY)[]) set(key, item[key] ?? '')
        setLoading(false)
      })
      .catch((error) => {
        if (!live) return
        setFailure(error instanceof ApiError ? error.message : '加载失败，请重试')
        setLoading(false)
      })
    return () => {
      live = false
    }
  }, [editId, set])

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

  const submit = async () => {
    setFailure('')
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
    setSubmitting(true)
    try {
      if (editId === null) await subAccountApi.add({ ...values, phoneNumber: v.phoneNumber.trim() })
      else await subAccountApi.edit(editId, values)
      toast.success(editing ? SUB_ADMIN_TEXT.saved : SUB_ADMIN_TEXT.added)
      onSaved()
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : '保存失败，请重试')
    } finally {
      setSubmitting(false)
    }
  }

  const title = editing ? '编辑子管理员' : '新增子管理员'
  return (
    <AtModal isOpened onClose={onClose} className='sub-admin-dialog'>
      <AtModalHeader>{title}</AtModalHeader>
      <AtModalContent>
        {loading ? (
          <PageLoading />
        ) : (
          <View aria-label={title} role='form'>
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
            <FieldError message={failure} />
          </View>
        )}
        <DialogActions confirmText='确定' busy={submitting} onConfirm={submit} onCancel={onClose} />
      </AtModalContent>
    </AtModal>
  )
}
