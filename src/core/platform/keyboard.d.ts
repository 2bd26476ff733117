/**
 * Makes every control reachable and usable from the keyboard (H5): views with a control role get
 * `tabindex="0"` and Enter / Space click them, as a native button would. Nothing in the mini-program.
 */
export declare function enableKeyboardControls(): void

/**
 * Props that call `onEscape` when Escape is pressed on the view (H5), e.g. to close the panel a
 * toggle opened; the mini-program has no keyboard, so nothing is added there.
 */
export declare function escapeKeyProps(onEscape: () => void): Record<string, unknown>

export interface ListKeys {
  /** ↓ (1) or ↑ (-1). */
  onMove(step: 1 | -1): void
  /** Enter in the list's search box. */
  onChoose(): void
  onEscape(): void
}

/**
 * Props for a search box and its list of options (H5): the arrow keys move through the options,
 * Enter in the box chooses the one reached, Escape closes. Nothing in the mini-program.
 */
export declare function listKeyProps(keys: ListKeys): Record<string, unknown>
