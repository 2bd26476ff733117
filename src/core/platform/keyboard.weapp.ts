// A mini-program has no keyboard focus to manage.
export function enableKeyboardControls(): void {}

export function escapeKeyProps(): Record<string, unknown> {
  return {}
}

export function listKeyProps(): Record<string, unknown> {
  return {}
}
