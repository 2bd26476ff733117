/** No footer in the mini-program (see PageFooter.d.ts). */
export function PageFooter() {
  return null
}
