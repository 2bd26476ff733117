import { useDidHide, useDidShow } from '@tarojs/taro'
import { useState } from 'react'

/**
 * False while another page is on top of this one (Taro keeps earlier pages of the stack mounted, on
 * H5 as in the mini-program) or the mini-program is in the background.
 */
export function usePageShown(): boolean {
  const [shown, setShown] = useState(true)
  useDidShow(() => setShown(true))
  useDidHide(() => setShown(false))
  return shown
}
