// A file the server sends as an attachment (an export, an invoice's PDF), fetched with the session's
// headers through the platform's download adapter. A refusal comes back as the usual envelope and is
// thrown as an ApiError (996 ends the session, like every call; the caller shows the others).
import { ENVELOPE_CODE } from '../contract/envelope'
import { downloadFile, type DownloadOutcome, type DownloadRequest } from '../platform/download'
import { leaveSession } from '../session/leave'
import { useSession } from '../session/store'
import { ApiError } from './api-error'
import { DEVICE_ID_HEADER, deviceId } from './device-id'
import { NETWORK_ERROR_CODE, readEnvelope } from './envelope'
import { apiUrl, NETWORK_FAILURE_MESSAGE } from './request'

/** Downloads `pathAndQuery` ('/api/…?…') and hands the file to the user. */
export async function downloadAttachment(
  pathAndQuery: string,
  file: Pick<DownloadRequest, 'fileType' | 'fallbackName'>,
): Promise<void> {
  const { token } = useSession.getState()
  let outcome: DownloadOutcome
  try {
    outcome = await downloadFile({
      url: apiUrl(pathAndQuery),
      headers: { [DEVICE_ID_HEADER]: deviceId(), ...(token ? { token } : {}) },
      ...file,
    })
  } catch (cause) {
    console.error('download failed', pathAndQuery.split('?')[0], cause)
    throw new ApiError(NETWORK_ERROR_CODE, NETWORK_FAILURE_MESSAGE)
  }
  if (outcome.delivered) return
  const answer = readEnvelope(outcome.body)
  if (answer.ok) return
  if (answer.code === ENVELOPE_CODE.sessionEnded && token) leaveSession({ message: answer.message })
  throw new ApiError(answer.code, answer.message, answer.data)
}
