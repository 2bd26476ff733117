/** Which client a work order came from (doc2 §3 source): 1 a browser, 2 the mini-program. */
export declare const clientSource: 1 | 2
/** Where the API lives when TARO_APP_API_BASE is not set. */
export declare const defaultApiBase: string
/** The page's own origin on H5 (for same-origin checks); undefined in the mini-program. */
export declare function currentOrigin(): string | undefined
/** Screen px per px of our 375-wide design (1 on H5, which renders real px; scaled in the mini-program). */
export declare function screenPxPerDesignPx(): number
/** A length of our 375-wide design for inline styles (px on H5, rpx in the mini-program). */
export declare function designPx(value: number): string
