/**
 * Props that make a view act as a button from the keyboard: on H5 it takes the focus (tabIndex 0),
 * Enter and Space press it and Escape calls `onEscape`; the mini-program has no keyboard focus, so
 * nothing is added there. Spread onto a View with role="button".
 */
export declare function keyboardPress(onPress: () => void, onEscape?: () => void): Record<string, unknown>
