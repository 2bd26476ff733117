// A mini-program has no keyboard focus to trap and no Esc key.
export function useDialogFocus(_bodyId: string, _open: boolean, _onEscape: () => void): void {}
