// Spec URLs are the H5 site's own addresses (custom routes), so a new tab opens them as they are.
export function openInNewTab(path: string, tab?: string) {
  // A named tab is reused: the second click brings the same tab to that page again.
  if (tab) window.open(path, tab)
  else window.open(path, '_blank', 'noopener')
}

export function openUrl(url: string) {
  window.open(url, '_blank', 'noopener,noreferrer')
}

export function openDocument(url: string) {
  openUrl(url)
}
