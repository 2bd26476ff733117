export function defineCustomElementTaroPullToRefreshCore(): Promise<void>
