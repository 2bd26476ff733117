import { useDidHide, useDidShow } from '@tarojs/taro'
import { useState } from 'react'

// A mini-program page hides when another page opens on top of it or the app goes to the background.
export function useDocumentVisible(): boolean {
  const [visible, setVisible] = useState(true)
  useDidShow(() => setVisible(true))
  useDidHide(() => setVisible(false))
  return visible
}
