import { useCallback, useState } from 'react'
import type { FieldErrors } from '../validation/rules'

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
  /** Runs the rules; true when the form is valid. */
  const check = (validate: (values: T) => FieldErrors<Extract<keyof T, string>>) => {
    const found = validate(values)
    setErrors(found)
    return Object.keys(found).length === 0
  }
  const fieldError = (field: Extract<keyof T, string>, message: string) =>
    setErrors((current) => ({ ...current, [field]: message }))
  return { values, errors, set, change, check, fieldError }
}
