export type Query = Record<string, string>

export function buildQuery(query: Query = {}): string {
  const parts = Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
  return parts.length ? `?${parts.join('&')}` : ''
}

export function withQuery(path: string, query: Query = {}): string {
  return path + buildQuery(query)
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '))
  } catch {
    return value
  }
}

export function splitUrl(url: string): { path: string; query: Query } {
  const [path, search = ''] = url.split('?')
  const query: Query = {}
  for (const pair of search.split('&')) {
    if (!pair) continue
    const [k, v = ''] = pair.split('=')
    query[safeDecode(k)] = safeDecode(v)
  }
  return { path: path || '/', query }
}

const ADDRESS = /^(https?:\/\/[^/?#]+)?(\/[^?#]*)(\?[^#]*)?/i

/**
 * An address of one of our own pages as the in-app path ('/evaluate?uuId=…'): a path, or an
 * absolute address on `ownOrigin` (the server that serves the console and built the link).
 * Anything else (another site) is null. `isPage` says which paths are pages of ours.
 */
export function ownPagePath(
  url: string,
  ownOrigin: string,
  isPage: (path: string) => boolean,
): string | null {
  const match = ADDRESS.exec(url.trim())
  if (!match) return null
  const [, origin, path, search = ''] = match
  if (origin && origin.toLowerCase() !== ownOrigin.replace(/\/+$/, '').toLowerCase()) return null
  return isPage(path) ? path + search : null
}
