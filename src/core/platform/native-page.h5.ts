// A browser page has no share menu of ours and keeps the explicit 加载更多.
export function hideShareMenu(): void {}

export const reachBottomLoadsMore = false
