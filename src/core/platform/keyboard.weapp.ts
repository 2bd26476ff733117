export function keyboardPress(): Record<string, unknown> {
  return {}
}
