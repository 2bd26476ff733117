import { View } from '@tarojs/components'
import { withFreshSession } from '../../account/fresh-session'
import { useState } from 'react'
import { toast } from '../../../core/ui/toast'
import { useSubmit } from '../../../core/ui/useSubmit'
import { isPhone } from '../../../core/validation/rules'
import { validateSubAdmin } from '../../../core/validation/sub-admin'
import { subAccountApi } from '../api'
import { SUB_ADMIN_TEXT } from '../rules'
import { PersonDialog, usePersonForm } from './PersonForm'
import type { PersonEditorProps } from './PersonList'

const EMPTY = { fullName: '', mailbox: '', phoneNumber: '', position: '' }

/**
 * 新增 / 编辑子管理员 (account-area §2, §5): name, mailbox with suggestions, phone (read-only on
 * edit, checked for availability as it is completed), position from the dictionary. A refusal
 * shows its message and keeps what was typed.
 */
export function SubAdminDialog({ editId, positions, onClose, onSaved }: PersonEditorProps) {
  const editing = editId !== null
  const { form, detail } = usePersonForm(EMPTY, editId, subAccountApi.detail)
  const save = useSubmit({ fallback: '保存失败，请重试' })
  const [phoneWarning, setPhoneWarning] = useState('')
  const v = form.values

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
      // A protected action: a stale session re-verifies first (操作保护).
      if (editId === null)
        await withFreshSession(() => subAccountApi.add({ ...values, phoneNumber: v.phoneNumber.trim() }))
      else await withFreshSession(() => subAccountApi.edit(editId, values))
      toast.success(editing ? SUB_ADMIN_TEXT.saved : SUB_ADMIN_TEXT.added)
      onSaved()
    })
  }

  return (
    <PersonDialog
      title={editing ? '编辑子管理员' : '新增子管理员'}
      name='sub-admin'
      form={form}
      phoneKey='phoneNumber'
      editing={editing}
      loading={detail.status === 'loading'}
      positions={positions}
      failure={save.failure || detail.error}
      busy={save.busy}
      onPhoneChange={changePhone}
      phoneNote={
        phoneWarning &&
        !form.errors.phoneNumber && (
          <View className='sub-admin-dialog__warning' role='status'>
            {phoneWarning}
          </View>
        )
      }
      onConfirm={submit}
      onClose={onClose}
    />
  )
}
