import { useEffect, type ReactNode } from 'react'
import { Dialog } from '../../../core/ui/Dialog'
import { FieldError } from '../../../core/ui/FieldError'
import { PageLoading } from '../../../core/ui/PageLoading'
import { TextField } from '../../../core/ui/TextField'
import { useForm } from '../../../core/ui/useForm'
import { useResource } from '../../../core/ui/useResource'
import { SUB_ADMIN_NAME_MAX } from '../../../core/validation/sub-admin'
import type { Position } from '../api'
import { MailboxField } from './MailboxField'
import { PositionSelect } from './PositionSelect'

/**
 * The form of a sub-admin or a recipient (account-area §5), and the one being edited loaded into it
 * once it arrives (`editId` null: adding, nothing to load).
 */
export function usePersonForm<T extends Record<string, string>>(
  empty: T,
  editId: number | null,
  fetchDetail: (id: number) => Promise<{ [K in keyof T]?: string | null }>,
) {
  const form = useForm(empty)
  const detail = useResource(() => (editId === null ? Promise.resolve(null) : fetchDetail(editId)), [editId])
  const { set } = form

  useEffect(() => {
    const item = detail.data
    if (item) for (const key of Object.keys(empty) as (keyof T)[]) set(key, (item[key] ?? '') as T[keyof T])
  }, [detail.data, set, empty])

  return { form, detail }
}

/** The fields both forms have; the phone's key is the API's (bingPhone or phoneNumber). */
type PersonField<P extends string> = 'fullName' | 'mailbox' | 'position' | P

/** The part of a `useForm` form the fields read and write. */
interface PersonFormState<P extends string> {
  values: Record<PersonField<P>, string>
  errors: Partial<Record<PersonField<P>, string>>
  change(field: PersonField<P>): (value: string) => void
}

interface PersonDialogProps<P extends string> {
  title: string
  note?: string
  /** The inputs are named `${name}-name` and `${name}-phone`. */
  name: string
  form: PersonFormState<P>
  phoneKey: P
  /** Editing: the phone cannot change, and the form waits for the person to load. */
  editing: boolean
  loading: boolean
  positions: Position[]
  failure: string
  busy: boolean
  /** Default: the form's own change. */
  onPhoneChange?(value: string): void
  /** Under the phone's message (the availability warning). */
  phoneNote?: ReactNode
  onConfirm(): void
  onClose(): void
}

/** 新增 / 编辑 a person: name, mailbox with suggestions, phone, position, each with its message. */
export function PersonDialog<P extends string>({
  title,
  note,
  name,
  form,
  phoneKey,
  editing,
  loading,
  positions,
  failure,
  busy,
  onPhoneChange,
  phoneNote,
  onConfirm,
  onClose,
}: PersonDialogProps<P>) {
  const v = form.values
  return (
    <Dialog
      title={title}
      role='form'
      className='sub-admin-dialog'
      note={note}
      failure={failure}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {editing && loading ? (
        <PageLoading />
      ) : (
        <>
          <TextField
            name={`${name}-name`}
            title='姓名'
            placeholder='请输入姓名'
            maxLength={SUB_ADMIN_NAME_MAX}
            value={v.fullName}
            onChange={form.change('fullName')}
            error={form.errors.fullName}
          />
          <MailboxField value={v.mailbox} onChange={form.change('mailbox')} />
          <FieldError message={form.errors.mailbox} />
          <TextField
            name={`${name}-phone`}
            title='手机号'
            type='phone'
            placeholder='请输入手机号'
            maxLength={11}
            disabled={editing}
            value={v[phoneKey]}
            onChange={onPhoneChange ?? form.change(phoneKey)}
            error={form.errors[phoneKey]}
          />
          {phoneNote}
          <PositionSelect positions={positions} value={v.position} onChange={form.change('position')} />
          <FieldError message={form.errors.position} />
        </>
      )}
    </Dialog>
  )
}
