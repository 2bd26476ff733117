/** Shows images full screen, starting at `current`; the user pages through `urls` and closes it. */
export declare function previewImages(urls: string[], current: string): void
