import { View } from '@tarojs/components'
import { useState } from 'react'
import { ENVELOPE_CODE } from '../../../core/contract/envelope'
import { EXPORT_MESSAGES, type ExportFormat, type ExportKind } from '../../../core/contract/exports'
import { ApiError } from '../../../core/http/api-error'
import { DOWNLOAD_FORMATS } from '../../../core/platform/download'
import { Button } from '../../../core/ui/Button'
import { useSubmit } from '../../../core/ui/useSubmit'
import { isReverifyCancelled, withFreshSession } from '../../account/fresh-session'
import { exportList } from '../api'
import { EXPORT_BUTTON_TEXT, FORMAT_LABEL, type ExportFilters } from '../rules'
import './export-button.scss'

/** A closed re-verification changed nothing; a 996 has already taken the member to the login. */
const isNoFailure = (failure: unknown) =>
  isReverifyCancelled(failure) || (failure instanceof ApiError && failure.code === ENVELOPE_CODE.sessionEnded)

interface ExportButtonProps {
  kind: ExportKind
  /** What the list's filters show now: the file holds the same rows. */
  filters?: ExportFilters
}

/**
 * 导出 of a list: picks the format (where the platform offers more than one), downloads the file,
 * and re-verifies first when the server asks (personal data: the page needs a ReverifyHost).
 */
export function ExportButton({ kind, filters }: ExportButtonProps) {
  const exporting = useSubmit({ fallback: EXPORT_MESSAGES.failed, toastFailure: true, ignore: isNoFailure })
  const [choosing, setChoosing] = useState(false)
  const busy = exporting.busy

  function run(format: ExportFormat) {
    setChoosing(false)
    return exporting.run(() => withFreshSession(() => exportList(kind, format, filters)))
  }

  const single = DOWNLOAD_FORMATS.length === 1
  return (
    <View className='export-button'>
      <Button
        size='small'
        loading={busy}
        onClick={() => (single ? void run(DOWNLOAD_FORMATS[0]) : setChoosing(!choosing))}
      >
        {busy ? EXPORT_BUTTON_TEXT.busy : EXPORT_BUTTON_TEXT.idle}
      </Button>
      {/* A click anywhere else closes the menu. */}
      {choosing && <View className='export-button__backdrop' onClick={() => setChoosing(false)} />}
      {choosing && (
        <View className='export-button__menu' role='menu' aria-label='导出格式'>
          {DOWNLOAD_FORMATS.map((format) => (
            <View
              key={format}
              role='menuitem'
              className='export-button__item'
              onClick={() => void run(format)}
            >
              {FORMAT_LABEL[format]}
            </View>
          ))}
        </View>
      )}
    </View>
  )
}
