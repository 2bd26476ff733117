// The mini-program always uses the phone layout.
export function useIsDesktop(_breakpoint?: number): boolean {
  return false
}
