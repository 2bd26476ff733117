export interface TransportRequest {
  url: string
  method: 'GET' | 'POST'
  /** GET: query parameters; POST: the JSON body. */
  data?: Record<string, unknown>
  headers: Record<string, string>
  timeoutMs: number
}

/**
 * Sends one API call and resolves with the parsed JSON body (null when the body is not JSON);
 * rejects on a network failure or after `timeoutMs`. H5: `fetch` (no polyfills: Taro.request would
 * carry whatwg-fetch, an AbortController polyfill and JSONP into /login's first load); weapp:
 * `Taro.request`.
 */
export declare function send(request: TransportRequest): Promise<unknown>
