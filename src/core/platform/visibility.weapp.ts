// A mini-program page gets onHide when the app goes to the background: useDidHide covers it.
export function useDocumentVisible(): boolean {
  return true
}
