import { http } from '../../core/http/request'
import type {
  LastLogin,
  LoginDevice,
  LoginHistoryEntry,
  SignOutDeviceRequest,
} from '../../core/contract/login-devices'
import type { Page, PageQuery } from '../../core/contract/paging'

// Loads are silent: the section shows its own loading and error states. Sign-outs are silent too:
// their failures show in the confirmation's place (a toast) and a stale session opens the
// re-verification (fresh-session.ts).
const silent = { silent: true }

export const loginDevicesApi = {
  list: () => http.get<LoginDevice[]>('/api/app/account/loginDevices', undefined, silent),
  signOut: (id: number) =>
    http.post<null>('/api/app/account/loginDevices/signOut', { id } satisfies SignOutDeviceRequest, silent),
  signOutOthers: () => http.post<null>('/api/app/account/loginDevices/signOutOthers', {}, silent),
  history: (query: PageQuery) =>
    http.get<Page<LoginHistoryEntry>>('/api/app/account/loginHistory', { ...query }, silent),
  lastLogin: () => http.get<LastLogin>('/api/app/account/lastLogin', undefined, silent),
}
