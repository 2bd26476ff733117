/**
 * Opens one of our pages (a spec URL such as '/notices') in a new browser tab on H5 — in the tab
 * named `tab` when given, reused on each call; the mini-program has no tabs and pushes the page.
 */
export declare function openInNewTab(path: string, tab?: string): void
/**
 * Opens an outside http(s) address (a notice's link or attachment): a new tab on H5; the
 * mini-program cannot open outside pages, so the address is copied for the user.
 */
export declare function openUrl(url: string): void
/**
 * Opens a document the server produced (a contract or invoice PDF, an attachment): a new tab on H5,
 * where the browser shows or downloads it; downloaded and opened with the system viewer in the
 * mini-program (which can share or save it), falling back to copying the address.
 */
export declare function openDocument(url: string): void
