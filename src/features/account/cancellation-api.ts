import type { CancelAccountRequest, CancellationCheck } from '../../core/contract/cancellation'
import { http } from '../../core/http/request'

// Silent: the dialog and the banner show failures themselves; cancelAccount runs through
// useAccountChange, so a stale session opens the re-verification first.
const silent = { silent: true }

export const cancellationApi = {
  check: () => http.get<CancellationCheck>('/api/pc/cancellationCheck', undefined, silent),
  cancel: (keepOtherRoles: boolean) =>
    http.post<null>(
      '/api/pc/cancelAccount',
      { confirmed: true, ...(keepOtherRoles ? { keepOtherRoles } : {}) } satisfies CancelAccountRequest,
      silent,
    ),
  withdraw: () => http.post<null>('/api/pc/withdrawCancellation', {}, silent),
}
