import Taro from '@tarojs/taro'

export function previewImages(urls: string[], current: string) {
  Taro.previewImage({ urls, current })
}
