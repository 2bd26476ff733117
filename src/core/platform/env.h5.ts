// H5 is served by the reference server itself, so the API is on the page's own origin.
export const defaultApiBase = ''
export const clientSource = 1

export function currentOrigin(): string | undefined {
  return window.location.origin
}

export function screenPxPerDesignPx(): number {
  return 1
}

export function designPx(value: number): string {
  return `${value}px`
}
