import { useState } from 'react'
import type {
  AudienceKey,
  NotificationSettings,
  NotifyCategory,
  NotifyChannel,
  QuietHours,
} from '../../../core/contract/notifications'
import { useResource } from '../../../core/ui/useResource'
import { accountApi } from '../api'
import { DEFAULT_QUIET_HOURS, notificationRows, notificationSettingsPayload, quietHoursError } from '../rules'
import { useAccountChange } from './useAccountChange'

/** GET /api/notify/settings, with its loading and error states. */
export function useNotificationSettings() {
  return useResource(() => accountApi.notificationSettings(), [])
}

export type QuietDraft = { enabled: boolean } & QuietHours

/**
 * What the member is choosing, from the loaded settings: the table and the quiet hours. Nothing is
 * sent until 保存, which sends the whole of it; a refusal keeps every choice on screen.
 */
export function useNotificationDraft(settings: NotificationSettings) {
  const [rows, setRows] = useState(() => notificationRows(settings.categories, settings.candidates))
  const [quiet, setQuiet] = useState<QuietDraft>(() => ({
    enabled: Boolean(settings.quietHours),
    ...(settings.quietHours ?? DEFAULT_QUIET_HOURS),
  }))
  const [quietError, setQuietError] = useState<{ field: 'start' | 'end'; message: string } | null>(null)
  const change = useAccountChange()

  const choose = (category: NotifyCategory, channel: NotifyChannel, keys: AudienceKey[]) =>
    setRows((current) =>
      current.map((row) =>
        row.category === category ? { ...row, audience: { ...row.audience, [channel]: keys } } : row,
      ),
    )

  const editQuiet = (patch: Partial<QuietDraft>) => {
    setQuiet((current) => ({ ...current, ...patch }))
    setQuietError(null)
    change.setFailure('')
  }

  const save = async () => {
    const error = quiet.enabled ? quietHoursError(quiet) : null
    setQuietError(error)
    if (error) return false
    return change.run(
      () => accountApi.saveNotificationSettings(notificationSettingsPayload(rows, quiet)),
      '保存成功',
    )
  }

  return {
    rows,
    quiet,
    quietError,
    choose,
    editQuiet,
    save,
    saving: change.submitting,
    failure: change.failure,
  }
}
