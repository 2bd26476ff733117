/**
 * While `open`, keeps keyboard focus inside the dialog body `bodyId` (Tab and Shift+Tab wrap, the
 * body takes focus on opening, focus returns where it was on closing) and calls `onEscape`
 * on Esc, for the topmost open dialog only. H5 only: nothing in the mini-program (no keyboard).
 */
export declare function useDialogFocus(bodyId: string, open: boolean, onEscape: () => void): void
