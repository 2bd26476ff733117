// jsdom lacks these browser APIs that Taro's H5 runtime and our viewport hook use.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    value: (query: string) => ({
      matches: /min-width:\s*768px/.test(query),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }),
  })
}

// Taro's H5 components pass mini-program props (cursorSpacing, onConfirm...) to DOM elements;
// React's warnings about them are noise here, every other console.error stays.
const consoleError = console.error.bind(console)
console.error = (...args: unknown[]) => {
  const text = String(args[0] ?? '')
  if (/React does not recognize the|Unknown event handler property|Invalid DOM property/.test(text)) return
  consoleError(...args)
}

// jsdom leaves out TextEncoder, which the qrcode package uses.
import { TextDecoder, TextEncoder } from 'node:util'
Object.assign(globalThis, { TextEncoder, TextDecoder })
