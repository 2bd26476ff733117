// Messages between the console's open tabs of one browser (a notice read in one tab updates the
// header badges of the others): a BroadcastChannel, absent in very old browsers (then nothing).
const CHANNEL = 'member-centre'

let channel: BroadcastChannel | null | undefined
function open(): BroadcastChannel | null {
  if (channel === undefined)
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null
  return channel
}

export function tellOtherTabs(message: string) {
  open()?.postMessage(message)
}

export function onOtherTabs(handler: (message: string) => void): () => void {
  const target = open()
  if (!target) return () => undefined
  const listener = (event: MessageEvent) => {
    if (typeof event.data === 'string') handler(event.data)
  }
  target.addEventListener('message', listener)
  return () => target.removeEventListener('message', listener)
}
