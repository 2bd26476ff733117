// Mini-program PDFs: Taro.downloadFile with the session's headers to a temporary file, opened in
// WeChat's document viewer. A refusal comes back as a small JSON file: a PDF starts with "%PDF".
import Taro from '@tarojs/taro'
import type { PdfOutcome, PdfRequest } from './pdf-file'

/** The refusal envelope the file holds, or undefined for a PDF. */
function refusalIn(filePath: string): unknown | undefined {
  const files = Taro.getFileSystemManager()
  if (files.readFileSync(filePath, 'utf8', 0, 1) !== '{') return undefined
  try {
    return JSON.parse(files.readFileSync(filePath, 'utf8') as string)
  } catch {
    return null
  }
}

export async function openPdf({ url, headers }: PdfRequest): Promise<PdfOutcome> {
  const { tempFilePath, statusCode } = await Taro.downloadFile({ url, header: headers })
  const body = statusCode === 200 ? refusalIn(tempFilePath) : null
  if (body !== undefined) return { delivered: false, body }
  await Taro.openDocument({ filePath: tempFilePath, fileType: 'pdf', showMenu: true })
  return { delivered: true }
}
