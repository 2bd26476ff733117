// What the session itself asks the server, for the shell that keeps it: the profile each guarded
// page checks, and the session an entry link (`?token=`, account-area §2) is exchanged for. The
// login forms' calls stay in features/auth.
import { http } from '../http/request'
import type { EntryExchangeResult, EntryTokenQuery } from '../contract/auth'
import type { UserInfo } from './store'

export const sessionApi = {
  personalInfo: () => http.get<UserInfo>('/api/pc/getPersonalInfo'),
  // A 996 here speaks of the link's token: the session already kept stays.
  exchangeEntryToken: (token: string) =>
    http.get<EntryExchangeResult>('/api/feignApi/fkToken', { token } satisfies EntryTokenQuery, {
      silent: true,
      keepsSession: true,
    }),
}
