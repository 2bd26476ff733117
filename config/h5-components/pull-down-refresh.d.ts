export function defineCustomElementTaroPullToRefreshCore(): void
