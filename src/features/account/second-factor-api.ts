import type {
  RecoveryCodes,
  SecondFactorCodeRequest,
  SecondFactorEnrolment,
  SecondFactorStatus,
  SubAdminSecondFactorRequest,
} from '../../core/contract/second-factor'
import { http } from '../../core/http/request'

// Silent: the section shows failures itself, and a refusal for a stale session opens the
// re-verification instead (the section runs begin, disable, recoveryCodes and subAdmins through
// useAccountChange). The login's enrolment step calls begin and confirm with its pending token
// (features/auth/api.ts).
const silent = { silent: true }

export const secondFactorApi = {
  status: () => http.get<SecondFactorStatus>('/api/app/secondFactor/status', undefined, silent),
  begin: () => http.post<SecondFactorEnrolment>('/api/app/secondFactor/begin', {}, silent),
  confirm: (code: string) =>
    http.post<RecoveryCodes>(
      '/api/app/secondFactor/confirm',
      { code } satisfies SecondFactorCodeRequest,
      silent,
    ),
  disable: (code: string) =>
    http.post<null>('/api/app/secondFactor/disable', { code } satisfies SecondFactorCodeRequest, silent),
  regenerateRecoveryCodes: () => http.post<RecoveryCodes>('/api/app/secondFactor/recoveryCodes', {}, silent),
  requireForSubAdmins: (required: boolean) =>
    http.post<null>(
      '/api/app/secondFactor/subAdmins',
      { required } satisfies SubAdminSecondFactorRequest,
      silent,
    ),
}
