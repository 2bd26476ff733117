// Mini-program downloads: Taro.downloadFile with the session's headers to a temporary file, opened
// in WeChat's document viewer (its menu forwards or saves it). A refusal comes back as a small
// JSON file: its first character tells it from a workbook (a zip, "PK") or a PDF ("%PDF").
import Taro from '@tarojs/taro'
import type { DownloadOutcome, DownloadRequest } from './download'

export const DOWNLOAD_FORMATS = ['xlsx'] as const

/** The refusal envelope the file holds, or undefined for the file itself. */
function refusalIn(filePath: string): unknown | undefined {
  const files = Taro.getFileSystemManager()
  if (files.readFileSync(filePath, 'utf8', 0, 1) !== '{') return undefined
  try {
    return JSON.parse(files.readFileSync(filePath, 'utf8') as string)
  } catch {
    return null
  }
}

export async function downloadFile({ url, headers, fileType }: DownloadRequest): Promise<DownloadOutcome> {
  const { tempFilePath, statusCode } = await Taro.downloadFile({ url, header: headers })
  const body = statusCode === 200 ? refusalIn(tempFilePath) : null
  if (body !== undefined) return { delivered: false, body }
  // The viewer opens xlsx and pdf; csv is never offered here (DOWNLOAD_FORMATS).
  await Taro.openDocument({
    filePath: tempFilePath,
    fileType: fileType === 'pdf' ? 'pdf' : 'xlsx',
    showMenu: true,
  })
  return { delivered: true }
}
