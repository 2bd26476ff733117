import { useState } from 'react'
import type { UploadedFile } from '../../../core/contract/work-orders'
import { readEnvelope } from '../../../core/http/envelope'
import { pickFiles, sendFile } from '../../../core/platform/upload'
import { useSession } from '../../../core/session/store'
import { toast } from '../../../core/ui/toast'
import { uploadError, WORK_ORDER_MSG } from '../../../core/validation/work-orders'
import { MAX_FILES_PER_FIELD } from '../../../core/contract/work-orders'
import { UPLOAD_URL } from '../api'

export interface UploadProgress {
  name: string
  percent: number
}

/**
 * Picks files and uploads them one by one (doc2 §5 attachments): each is checked first (type, 5 MB,
 * at most five in the field) and refused with the spec's message without being sent; progress is
 * shown while the bytes go out; a failed upload says 上传失败，请重新上传！ (or the server's refusal).
 */
export function useUpload() {
  const [progress, setProgress] = useState<UploadProgress[]>([])

  async function add(alreadyInField: number): Promise<UploadedFile[]> {
    const room = MAX_FILES_PER_FIELD - alreadyInField
    if (room <= 0) {
      toast.error(WORK_ORDER_MSG.tooManyFiles)
      return []
    }
    let picked
    try {
      picked = await pickFiles(room)
    } catch {
      toast.error(WORK_ORDER_MSG.uploadFailed)
      return []
    }
    const uploaded: UploadedFile[] = []
    for (const file of picked) {
      const refusal = uploadError(file, alreadyInField + uploaded.length)
      if (refusal) {
        toast.error(refusal)
        continue
      }
      setProgress((list) => [...list, { name: file.name, percent: 0 }])
      const onProgress = (percent: number) =>
        setProgress((list) => list.map((p) => (p.name === file.name ? { ...p, percent } : p)))
      try {
        const body = await sendFile(file, { url: UPLOAD_URL, token: useSession.getState().token, onProgress })
        const outcome = readEnvelope<UploadedFile>(body)
        if (outcome.ok && outcome.data?.fileId) uploaded.push(outcome.data)
        else
          toast.error(
            outcome.ok ? WORK_ORDER_MSG.uploadFailed : outcome.message || WORK_ORDER_MSG.uploadFailed,
          )
      } catch {
        toast.error(WORK_ORDER_MSG.uploadFailed)
      } finally {
        setProgress((list) => list.filter((p) => p.name !== file.name))
      }
    }
    return uploaded
  }

  return { progress, busy: progress.length > 0, add }
}
