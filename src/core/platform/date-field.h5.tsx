import type { MouseEvent } from 'react'
import type { DateFieldProps } from './date-field'
import '../ui/date-field.scss'

/**
 * A mouse click anywhere in the field opens the calendar, not only on its icon. Touch browsers
 * open their wheel on a tap by themselves; `showPicker` is missing before Chrome 99 / Safari 16.
 */
function openCalendar(event: MouseEvent<HTMLInputElement>) {
  if (!window.matchMedia('(pointer: fine)').matches) return
  try {
    event.currentTarget.showPicker?.()
  } catch {
    // Not allowed here (e.g. a cross-origin frame): the icon still opens it.
  }
}

export function DateField({ label, value, start, end, onChange }: DateFieldProps) {
  return (
    <label className={`date-field${value ? '' : ' date-field--empty'}`}>
      <input
        className='date-field__input'
        type='date'
        aria-label={label}
        value={value}
        min={start}
        max={end}
        onClick={openCalendar}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
      <span className='date-field__text' aria-hidden>
        {label}
      </span>
    </label>
  )
}
