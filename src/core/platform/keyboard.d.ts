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
