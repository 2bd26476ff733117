import Taro from '@tarojs/taro'
import { navigateTo } from '../routing/navigate'
import { toast } from '../ui/toast'

export function openInNewTab(path: string) {
  navigateTo(path)
}

export function openUrl(url: string) {
  Taro.setClipboardData({ data: url }).then(() => toast.success('链接已复制，请在浏览器中打开'))
}
