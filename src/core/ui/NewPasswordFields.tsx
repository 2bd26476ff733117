import { TextField } from './TextField'

/** The part of a `useForm` form these fields read and write. */
interface NewPasswordForm {
  values: { password: string; passwordAgain: string }
  errors: { password?: string; passwordAgain?: string }
  change(field: 'password' | 'passwordAgain'): (value: string) => void
}

interface NewPasswordFieldsProps {
  form: NewPasswordForm
  /** Input names are `${name}-password` and `${name}-password-again`. */
  name: string
  /** The first field's title (登录密码, 新密码); the second is always 确认密码. */
  title: string
  placeholders: { password: string; again: string }
}

/** A new password and its confirmation, with their messages: registration, reset and change. */
export function NewPasswordFields({ form, name, title, placeholders }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        name={`${name}-password`}
        title={title}
        type='password'
        placeholder={placeholders.password}
        value={form.values.password}
        onChange={form.change('password')}
        error={form.errors.password}
      />
      <TextField
        name={`${name}-password-again`}
        title='确认密码'
        type='password'
        placeholder={placeholders.again}
        value={form.values.passwordAgain}
        onChange={form.change('passwordAgain')}
        error={form.errors.passwordAgain}
      />
    </>
  )
}
