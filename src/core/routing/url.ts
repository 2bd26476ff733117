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
