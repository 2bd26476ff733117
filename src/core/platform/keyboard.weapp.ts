// A mini-program has no keyboard focus to manage.
export function enableKeyboardControls(): void {}

export function escapeKeyProps(): Record<string, unknown> {
  return {}
}
