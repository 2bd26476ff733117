// H5 downloads: fetch with the session's headers (an <a href> could not send them), then save the
// Blob under the name the server gave it.
import { fileNameOf } from '../format/content-disposition'
import type { DownloadOutcome, DownloadRequest } from './download'

export const DOWNLOAD_FORMATS = ['xlsx', 'csv'] as const

const isJson = (response: Response) => /json/i.test(response.headers.get('content-type') ?? '')

export async function downloadFile({
  url,
  headers,
  fallbackName,
}: DownloadRequest): Promise<DownloadOutcome> {
  const response = await fetch(url, { headers })
  if (isJson(response)) return { delivered: false, body: await response.json().catch(() => null) }
  if (!response.ok) return { delivered: false, body: null }
  const blob = await response.blob()
  const link = document.createElement('a')
  link.href = URL.createObjectURL(blob)
  link.download = fileNameOf(response.headers.get('content-disposition'), fallbackName)
  link.style.display = 'none'
  document.body.appendChild(link)
  link.click()
  link.remove()
  // The click has started the save; the address is not needed once the browser has the Blob.
  setTimeout(() => URL.revokeObjectURL(link.href), 0)
  return { delivered: true }
}
