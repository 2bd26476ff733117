import Taro from '@tarojs/taro'
import { apiUrl } from '../http/request'
import { navigateTo } from '../routing/navigate'
import { toast } from '../ui/toast'

export function openInNewTab(path: string, _tab?: string) {
  navigateTo(path)
}

export function openUrl(url: string) {
  Taro.setClipboardData({ data: url }).then(() => toast.success('链接已复制，请在浏览器中打开'))
}

export async function openDocument(url: string) {
  try {
    const { statusCode, tempFilePath } = await Taro.downloadFile({ url: apiUrl(url) })
    if (statusCode !== 200) throw new Error(`download failed: ${statusCode}`)
    await Taro.openDocument({ filePath: tempFilePath, showMenu: true })
  } catch {
    openUrl(apiUrl(url))
  }
}
