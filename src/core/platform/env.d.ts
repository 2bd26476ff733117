/** Where the API lives when TARO_APP_API_BASE is not set. */
export declare const defaultApiBase: string
/** The page's own origin on H5 (for same-origin checks); undefined in the mini-program. */
export declare function currentOrigin(): string | undefined
