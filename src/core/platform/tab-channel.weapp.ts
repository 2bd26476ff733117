// The mini-program shows one page stack: there are no other tabs to tell.
export function tellOtherTabs(_message: string) {}

export function onOtherTabs(_handler: (message: string) => void): () => void {
  return () => undefined
}
