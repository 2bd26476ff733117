export interface DateFieldProps {
  /** The field's accessible name, shown while no date is chosen. */
  label: string
  /** YYYY-MM-DD, or '' for none. */
  value: string
  /** The first and last day that can be chosen, YYYY-MM-DD. */
  start: string
  end: string
  onChange(value: string): void
}

/**
 * A date field. H5: the browser's own date input (the phone's date wheel, the desktop's calendar
 * and typing), so no wheels of ours are built before they are needed. Mini-program: Taro's date
 * Picker, WeChat's own wheel.
 */
export declare function DateField(props: DateFieldProps): JSX.Element
