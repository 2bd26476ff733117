/**
 * False while the page cannot be seen: the browser tab is hidden (H5 Page Visibility API) or the
 * mini-program page is hidden (its onHide: another page on top, or the app in the background).
 */
export declare function useDocumentVisible(): boolean
