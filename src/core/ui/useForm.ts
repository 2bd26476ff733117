import { useCallback, useState } from 'react'
import type { FieldErrors } from '../validation/rules'

/** The keys of a form whose values are text. */
type TextKey<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & Extract<keyof T, string>

/** Form values plus per-field errors; typing in a field clears its error, nothing else. */
export function useForm<T extends Record<string, unknown>>(initial: T) {
  const [values, setValues] = useState<T>(initial)
  const [errors, setErrors] = useState<FieldErrors<Extract<keyof T, string>>>({})
  const set = useCallback(<K extends keyof T>(field: K, value: T[K]) => {
    setValues((current) => ({ ...current, [field]: value }))
    setErrors((current) => ({ ...current, [field]: undefined }))
  }, [])
  /** onChange handler for a text field. */
  const change = (field: Extract<keyof T, string>) => (value: string) => set(field, value as T[typeof field])
  /** Everything a text field takes from the form: `<TextField {...form.field('title')} title='发票抬头' />`. */
  const field = (name: TextKey<T>) => ({
    name,
    value: values[name] as string,
    error: errors[name],
    onChange: change(name),
  })
  /** Runs the rules; true when the form is valid. */
  const check = (validate: (values: T) => FieldErrors<Extract<keyof T, string>>) => {
    const found = validate(values)
    setErrors(found)
    return Object.keys(found).length === 0
  }
  const fieldError = (field: Extract<keyof T, string>, message: string) =>
    setErrors((current) => ({ ...current, [field]: message }))
  /** Starts again from `fresh` values, with no errors (e.g. another subject, a fresh form). */
  const reset = useCallback((fresh: T) => {
    setValues(fresh)
    setErrors({})
  }, [])
  return { values, errors, set, change, field, check, fieldError, reset }
}
