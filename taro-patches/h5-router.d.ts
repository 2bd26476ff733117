import type { History } from 'history'

export { createBrowserHistory } from '@tarojs/router'
export function handleAppMount(config: { appId?: string }, history?: History, appId?: string): void
export function createRouter(history: History, app: unknown, config: unknown, framework: unknown): void
