import { View } from '@tarojs/components'
import { useState } from 'react'
import { ENVELOPE_CODE } from '../../../core/contract/envelope'
import { EXPORT_MESSAGES, type ExportFormat, type ExportKind } from '../../../core/contract/exports'
import { ApiError, errorMessage } from '../../../core/http/api-error'
import { DOWNLOAD_FORMATS } from '../../../core/platform/download'
import { Button } from '../../../core/ui/Button'
import { toast } from '../../../core/ui/toast'
import { isReverifyCancelled, withFreshSession } from '../../account/fresh-session'
import { exportList } from '../api'
import { EXPORT_BUTTON_TEXT, FORMAT_LABEL, type ExportFilters } from '../rules'
import './export-button.scss'

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
  const [busy, setBusy] = useState(false)
  const [choosing, setChoosing] = useState(false)

  async function run(format: ExportFormat) {
    setChoosing(false)
    setBusy(true)
    try {
      await withFreshSession(() => exportList(kind, format, filters))
    } catch (failure) {
      const sessionEnded = failure instanceof ApiError && failure.code === ENVELOPE_CODE.sessionEnded
      if (!isReverifyCancelled(failure) && !sessionEnded)
        toast.error(errorMessage(failure, EXPORT_MESSAGES.failed))
    } finally {
      setBusy(false)
    }
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
