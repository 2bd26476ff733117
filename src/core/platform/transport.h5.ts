import type { TransportRequest } from './transport'

// As Taro.request serialises query parameters on H5: objects as JSON, everything URI-encoded.
function query(data: Record<string, unknown>): string {
  return Object.keys(data)
    .map((key) => {
      const value = data[key]
      return `${encodeURIComponent(key)}=${encodeURIComponent(typeof value === 'object' ? JSON.stringify(value) : String(value))}`
    })
    .join('&')
}

export async function send({ url, method, data, headers, timeoutMs }: TransportRequest): Promise<unknown> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    const init: RequestInit = { method, headers: { ...headers }, signal: controller.signal }
    let target = url
    if (method === 'GET') {
      const params = data ? query(data) : ''
      if (params) target += (url.includes('?') ? '&' : '?') + params
    } else if (data !== undefined) {
      init.headers = { 'Content-Type': 'application/json', ...headers }
      init.body = JSON.stringify(data)
    }
    const response = await fetch(target, init)
    if (response.status === 204) return null
    return await response.json().catch(() => null)
  } finally {
    clearTimeout(timer)
  }
}
