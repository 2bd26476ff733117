// Helpers of test/e2e/hostile-text.spec.ts: the trap the XSS corpus calls, a scan of the rendered
// page for markup that could run script, the page's visible text, and the HTTP API with a token.
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test'
import { LIST_BREAKPOINT } from '../../../src/core/ui/paging'
import { storedSession } from './console'

/**
 * Exposes `__xssTrap` in every frame of every page of `context` and turns alert / confirm / prompt
 * and any dialog into a hit as well. Returns the list of hits (frame address and argument), filled
 * as they happen.
 */
export async function installXssTrap(context: BrowserContext): Promise<string[]> {
  const hits: string[] = []
  await context.exposeBinding('__xssTrap', ({ frame }, argument: unknown) => {
    hits.push(`${frame.url()}: __xssTrap(${String(argument)})`)
  })
  await context.addInitScript(() => {
    const trap = (name: string) =>
      function (this: unknown, ...args: unknown[]) {
        ;(window as unknown as { __xssTrap(text: string): void }).__xssTrap(`${name}(${args.join(',')})`)
        return name === 'confirm' ? false : null
      }
    for (const name of ['alert', 'confirm', 'prompt', 'print'])
      Object.defineProperty(window, name, { value: trap(name), configurable: false, writable: false })
  })
  const watch = (page: Page) =>
    page.on('dialog', (dialog) => {
      hits.push(`${page.url()}: dialog ${dialog.type()} ${dialog.message()}`)
      void dialog.dismiss()
    })
  context.pages().forEach(watch)
  context.on('page', watch)
  return hits
}

/**
 * Markup in the rendered page (shadow roots included) that could run script: an event-handler
 * attribute, a javascript:/vbscript:/data:text/html address, a frame, object, embed, base or
 * refresh in the body, a style with a script address or a script-running CSS feature, or an inline
 * script naming the trap. Empty when the page is clean.
 */
export function dangerousMarkup(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = []
    const URL_ATTRIBUTES =
      /^(href|src|srcset|action|formaction|data|poster|background|xlink:href|srcdoc|codebase|dynsrc|lowsrc)$/i
    const SCRIPT_URL = /^(javascript|vbscript|data:text\/html)/i
    const FORBIDDEN_TAGS = /^(iframe|frame|frameset|object|embed|applet|base|meta|link)$/i
    const describe = (el: Element) => el.outerHTML.slice(0, 120)
    const visit = (root: Document | ShadowRoot) => {
      for (const el of Array.from(root.querySelectorAll('*'))) {
        const inBody = el.closest('body') !== null
        if (inBody && FORBIDDEN_TAGS.test(el.tagName))
          found.push(`<${el.tagName.toLowerCase()}>: ${describe(el)}`)
        if (el.tagName.toLowerCase() === 'script' && /xssTrap/.test(el.textContent ?? ''))
          found.push(`inline script: ${describe(el)}`)
        for (const attribute of Array.from(el.attributes)) {
          const name = attribute.name
          // Browsers drop control characters and spaces before parsing an address.
          // eslint-disable-next-line no-control-regex
          const value = attribute.value.replace(/[\u0000-\u0020]/g, '')
          if (/^on/i.test(name)) found.push(`${name}= on ${describe(el)}`)
          else if (URL_ATTRIBUTES.test(name) && SCRIPT_URL.test(value))
            found.push(`${name}=${value.slice(0, 60)}`)
          // Text attributes (aria-label, value, title, alt) may hold the payload as text, and an
          // image (an img address or a CSS background) may be an SVG: images run no script. A style
          // may not hold a script address or a script-running CSS feature.
          else if (
            name === 'style' &&
            /expression\(|javascript:|vbscript:|behavior:|-moz-binding/i.test(value)
          )
            found.push(`${name} names the trap: ${describe(el)}`)
        }
        if (el.shadowRoot) visit(el.shadowRoot)
      }
    }
    visit(document)
    return found
  })
}

/** The page's visible text (shadow roots included), whitespace collapsed. */
export function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts: string[] = [document.body.innerText]
    const visit = (root: Document | ShadowRoot) => {
      for (const el of Array.from(root.querySelectorAll('*')))
        if (el.shadowRoot) {
          parts.push((el.shadowRoot as unknown as HTMLElement).textContent ?? '')
          visit(el.shadowRoot)
        }
    }
    visit(document)
    return parts.join('\n').replace(/\s+/g, ' ')
  })
}

export const collapse = (text: string) => text.replace(/\s+/g, ' ').trim()

/** Fails with the texts of `expected` the page does not show (waiting for the first to appear). */
export async function expectShown(page: Page, expected: string[], where: string) {
  await expect
    .poll(
      async () => {
        const text = await visibleText(page)
        return expected.map(collapse).filter((item) => !text.includes(item))
      },
      { message: `${where}: texts not shown`, timeout: 15_000 },
    )
    .toEqual([])
}

/**
 * Fails when the page ran a trap (`hits`) or carries markup that could: checked after the page had
 * time to load its images and fire its handlers.
 */
export async function expectNoExecution(page: Page, hits: string[], where: string) {
  await page.waitForLoadState('load')
  // Error and load events of the injected images and frames fire within a few frames.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))))
  expect(hits, `${where}: script executions`).toEqual([])
  expect(await dangerousMarkup(page), `${where}: dangerous markup`).toEqual([])
}

/**
 * On a phone, clicks 加载更多 (5 at a time) until the visible list ends with 没有更多了. Waits for the
 * list's foot rather than for the network to go quiet: right after a tab switch the new list's
 * request may not have started yet. A desktop table shows its whole page at once.
 */
export async function showAll(page: Page) {
  if ((page.viewportSize()?.width ?? 0) >= LIST_BREAKPOINT) {
    await page.waitForLoadState('networkidle')
    return
  }
  // A list behind another tab keeps its foot in the page, hidden.
  const more = page.locator('.load-more--action:visible')
  const end = page.locator('.load-more--end:visible')
  for (let i = 0; i < 20; i++) {
    await expect(more.or(end)).toBeVisible()
    if (await end.isVisible()) return
    const nextPage = page.waitForResponse((response) => response.url().includes('pageNum='))
    await more.click()
    await nextPage
  }
  throw new Error('showAll: the list did not end after 20 pages')
}

export interface Api {
  get<T = unknown>(path: string, query?: Record<string, string | number>): Promise<T>
  post<T = unknown>(path: string, data: unknown): Promise<T>
  token: string
}

/** The HTTP API as the logged-in page's session; every answer must be code 200. */
export async function apiOf(page: Page): Promise<Api> {
  const token = String((await storedSession(page))?.token ?? '')
  expect(token).not.toBe('')
  const request: APIRequestContext = page.request
  const check = async <T>(what: string, response: Awaited<ReturnType<APIRequestContext['get']>>) => {
    const body = (await response.json()) as { code: number; message: string; data: unknown }
    expect(body.code, `${what}: ${body.message}`).toBe(200)
    return body.data as T
  }
  return {
    token,
    get: async (path, query) => check(path, await request.get(path, { headers: { token }, params: query })),
    post: async (path, data) => check(path, await request.post(path, { headers: { token }, data })),
  }
}
