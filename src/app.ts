import type { PropsWithChildren } from 'react'
import { enableKeyboardControls } from './core/platform/keyboard'
import './styles/taro-ui.scss'
import './app.scss'

// Pages carry their own frame (guard, idle tracker, toasts): a mini-program page cannot render
// anything the app root puts around it.
enableKeyboardControls()

function App({ children }: PropsWithChildren) {
  return children
}

export default App
