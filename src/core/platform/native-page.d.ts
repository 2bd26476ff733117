/** Hides the mini-program's 转发 / 分享到朋友圈 for the current page; nothing to hide in a browser. */
export declare function hideShareMenu(): void
/**
 * Whether reaching the bottom of a phone list loads its next page: the mini-program's onReachBottom.
 * A browser keeps the 加载更多 button alone (a scroll that loads on its own would move what the
 * reader is about to tap).
 */
export declare const reachBottomLoadsMore: boolean
