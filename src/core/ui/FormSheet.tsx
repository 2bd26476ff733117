import { Text, View } from '@tarojs/components'
import { useId, useState, type ComponentProps, type ReactNode } from 'react'
import { useDialogFocus } from '../platform/dialog-focus'
import { RevealScroll, type RevealScrollProps } from '../platform/reveal-scroll'
import { DialogActions } from './DialogActions'
import { FieldError } from './FieldError'
import { firstInvalidField } from './field-order'
import { TextField } from './TextField'
import './form-sheet.scss'

interface FormSheetProps {
  /** The header, and the form's accessible name. */
  title: string
  /** false hides it but keeps what was typed (e.g. while a confirmation is asked on top). */
  open?: boolean
  /** The mask, the close button and 取消. */
  onClose(): void
  children?: ReactNode
  /** The field to bring into view after a refused 提交 (`useFieldReveal`). */
  reveal?: RevealScrollProps['reveal']
  /** The server's refusal, just above the buttons. */
  failure?: string
  confirmText?: string
  busy?: boolean
  onConfirm(): void
}

/**
 * A long form: a drawer at the right on desktop H5, a full-screen sheet on phones and in the
 * mini-program, with the fields scrolling between a fixed header and a fixed footer so 取消 and
 * 提交 are always in view (a Dialog grows past the screen). Fields that can be refused sit in a
 * `FieldAnchor` (or are a `SheetTextField`), so the first refused one can be brought into view.
 */
export function FormSheet({
  title,
  open = true,
  onClose,
  children,
  reveal,
  failure,
  confirmText = '提交',
  busy,
  onConfirm,
}: FormSheetProps) {
  const panelId = `sheet-${useId().replace(/:/g, '')}`
  useDialogFocus(panelId, open, onClose)
  return (
    <View className={`form-sheet${open ? ' form-sheet--open' : ''}`}>
      <View className='form-sheet__mask' onClick={onClose} />
      <View id={panelId} className='form-sheet__panel' role='form' aria-label={title} aria-modal>
        <View className='form-sheet__header'>
          <Text className='form-sheet__title'>{title}</Text>
          <View className='form-sheet__close' role='button' aria-label='关闭' onClick={onClose}>
            ×
          </View>
        </View>
        <RevealScroll className='form-sheet__body' reveal={reveal}>
          {children}
        </RevealScroll>
        <View className='form-sheet__footer'>
          <FieldError message={failure} />
          <DialogActions confirmText={confirmText} busy={busy} onConfirm={onConfirm} onCancel={onClose} />
        </View>
      </View>
    </View>
  )
}

/** The id a field's anchor carries (ids must not start with a digit in the mini-program). */
export const fieldAnchorId = (name: string) => `form-field-${name}`

/** A field (or a choice and its message) that `FormSheet` can bring into view by name. */
export function FieldAnchor({ name, children }: { name: string; children: ReactNode }) {
  return <View id={fieldAnchorId(name)}>{children}</View>
}

/** A TextField in its anchor. */
export function SheetTextField(props: ComponentProps<typeof TextField>) {
  return (
    <FieldAnchor name={props.name}>
      <TextField {...props} />
    </FieldAnchor>
  )
}

/**
 * FormSheet's `reveal` requests: `show(errors)` after a refused 提交 asks for the first refused
 * field, again on each 提交 (a new `seq`), though the reader scrolled away from it meanwhile.
 */
export function useFieldReveal(drawnOrder: readonly string[]) {
  const [request, setRequest] = useState<RevealScrollProps['reveal']>(null)
  const show = (errors: Partial<Record<string, string | null>>) => {
    const name = firstInvalidField(drawnOrder, errors)
    if (name) setRequest((last) => ({ id: fieldAnchorId(name), seq: (last?.seq ?? 0) + 1 }))
  }
  return { request, show }
}
