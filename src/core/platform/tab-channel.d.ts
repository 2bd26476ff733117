/** Tells the console's other open browser tabs something happened (H5); the mini-program has one view. */
export declare function tellOtherTabs(message: string): void
/** Calls `handler` with each message another tab sent; returns the unsubscribe. */
export declare function onOtherTabs(handler: (message: string) => void): () => void
