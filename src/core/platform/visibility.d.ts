/** False while the browser tab is hidden (H5 Page Visibility); always true in the mini-program, whose page hide events cover it. */
export declare function useDocumentVisible(): boolean
