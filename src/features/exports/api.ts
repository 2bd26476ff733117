// 导出: GET /api/app/exports/<kind> as a file, through the platform's download adapter. A refusal
// comes back as the usual envelope and is thrown as an ApiError (996 ends the session, like every
// call; the caller shows the others and re-verifies on 4031).
import { ENVELOPE_CODE } from '../../core/contract/envelope'
import { exportPath, type ExportFormat, type ExportKind } from '../../core/contract/exports'
import { ApiError } from '../../core/http/api-error'
import { DEVICE_ID_HEADER, deviceId } from '../../core/http/device-id'
import { NETWORK_ERROR_CODE, readEnvelope } from '../../core/http/envelope'
import { apiUrl, NETWORK_FAILURE_MESSAGE } from '../../core/http/request'
import { downloadFile, type DownloadOutcome } from '../../core/platform/download'
import { leaveSession } from '../../core/session/leave'
import { useSession } from '../../core/session/store'
import { exportQueryString, type ExportFilters } from './rules'

export async function exportList(kind: ExportKind, format: ExportFormat, filters?: ExportFilters) {
  const { token } = useSession.getState()
  let outcome: DownloadOutcome
  try {
    outcome = await downloadFile({
      url: `${apiUrl(exportPath(kind))}?${exportQueryString(format, filters)}`,
      headers: { [DEVICE_ID_HEADER]: deviceId(), ...(token ? { token } : {}) },
      format,
    })
  } catch (cause) {
    console.error('export failed', kind, cause)
    throw new ApiError(NETWORK_ERROR_CODE, NETWORK_FAILURE_MESSAGE)
  }
  if (outcome.delivered) return
  const answer = readEnvelope(outcome.body)
  if (answer.ok) return
  if (answer.code === ENVELOPE_CODE.sessionEnded && token) leaveSession({ message: answer.message })
  throw new ApiError(answer.code, answer.message, answer.data)
}
