/**
 * Makes every control reachable and usable from the keyboard (H5): views with a control role get
 * `tabindex="0"` and Enter / Space click them, as a native button would. Nothing in the mini-program.
 */
export declare function enableKeyboardControls(): void
