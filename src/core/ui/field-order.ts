/** The first refused field in the order the form draws them (the one 提交 brings into view). */
export function firstInvalidField(
  drawnOrder: readonly string[],
  errors: Partial<Record<string, string | null>>,
): string | null {
  return drawnOrder.find((field) => errors[field]) ?? null
}
