import { apiUrl } from '../http/request'
import { openInNewTab, openUrl } from '../platform/links'
import { findRoute } from './routes'
import { ownPagePath } from './url'

/**
 * Opens a link the server built (a survey's /evaluate address): a page of ours opens in the app
 * (pushed in the mini-program, a new tab on H5); any other address goes outside.
 */
export function openLink(url: string) {
  const path = ownPagePath(url, apiUrl(''), (p) => Boolean(findRoute(p)))
  return path ? openInNewTab(path) : openUrl(url)
}
