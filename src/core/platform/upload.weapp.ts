// Mini-program uploads: pick images from the album or camera (chooseMedia) or documents from a
// chat (chooseMessageFile, the only way to reach a PDF or an archive), then Taro.uploadFile.
import Taro from '@tarojs/taro'
import { ALLOWED_EXTENSIONS } from '../contract/work-orders'
import type { PickedFile, SendOptions } from './upload'

export const PICK_SOURCES = ['从相册选择图片', '从聊天记录选择文件'] as const

const cancelled = (error: unknown) => /cancel/i.test(String((error as { errMsg?: string })?.errMsg ?? error))

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1)

// Taro does not promisify chooseMedia / chooseMessageFile (they are passed straight to wx):
// callbacks work on every base library.
function chooseImages(count: number) {
  return new Promise<Taro.chooseMedia.SuccessCallbackResult>((success, fail) =>
    Taro.chooseMedia({ count, mediaType: ['image'], sourceType: ['album', 'camera'], success, fail }),
  )
}

function chooseDocuments(count: number) {
  return new Promise<Taro.chooseMessageFile.SuccessCallbackResult>((success, fail) =>
    Taro.chooseMessageFile({ count, type: 'file', extension: [...ALLOWED_EXTENSIONS], success, fail }),
  )
}

export async function pickFiles(count: number): Promise<PickedFile[]> {
  try {
    const { tapIndex } = await Taro.showActionSheet({ itemList: [...PICK_SOURCES] })
    if (tapIndex === 0) {
      const { tempFiles } = await chooseImages(count)
      return tempFiles.map((f) => ({ name: baseName(f.tempFilePath), size: f.size, source: f.tempFilePath }))
    }
    const { tempFiles } = await chooseDocuments(count)
    return tempFiles.map((f) => ({ name: f.name, size: f.size, source: f.path }))
  } catch (error) {
    if (cancelled(error)) return []
    throw error
  }
}

const parse = (result: { data: string; statusCode: number }) => {
  try {
    return JSON.parse(result.data)
  } catch {
    return { code: result.statusCode, message: '', data: null }
  }
}

export async function sendFile(file: PickedFile, { url, token, onProgress }: SendOptions): Promise<unknown> {
  // Taro's promise carries the task's methods (onProgressUpdate, abort).
  const task = Taro.uploadFile({
    url,
    filePath: file.source as string,
    name: 'file',
    header: token ? { token } : {},
    formData: { fileName: file.name },
  })
  task.onProgressUpdate?.((progress) => onProgress?.(progress.progress))
  try {
    return parse(await task)
  } catch {
    throw new Error('upload failed')
  }
}
