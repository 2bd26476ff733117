// The `test` every spec uses: Playwright's, plus a check that no page broke the server's
// Content-Security-Policy. A blocked script, style, image or call fails the
// test that caused it, with the directive and the blocked address, on every page of every context
// the test opens (its own page, popups, the phone of a QR flow, contexts made with newContext).
import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test'

export { expect }

const REPORT_BINDING = '__reportCspViolation'

/** Chromium's console line for a blocked load ("Refused to load … Content Security Policy …"). */
const CSP_CONSOLE_MESSAGE = /Content Security Policy/i

async function watchContext(context: BrowserContext, violations: string[]) {
  await context.exposeBinding(REPORT_BINDING, ({ page }, text: string) => {
    violations.push(`${page.url()}: ${text}`)
  })
  await context.addInitScript((binding: string) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (text: string) => void>)[binding]
      const where = event.sourceFile ? ` (${event.sourceFile}:${event.lineNumber})` : ''
      report(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline code'}${where}`)
    })
  }, REPORT_BINDING)
  const watchPage = (page: Page) =>
    page.on('console', (message) => {
      if (CSP_CONSOLE_MESSAGE.test(message.text())) violations.push(`${page.url()}: ${message.text()}`)
    })
  context.pages().forEach(watchPage)
  context.on('page', watchPage)
}

/** Contexts a test makes itself are watched too, for the length of the test. */
function watchNewContexts(browser: Browser, violations: string[]): () => void {
  const newContext = browser.newContext
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext.apply(browser, args)
    await watchContext(context, violations)
    return context
  }
  return () => {
    browser.newContext = newContext
  }
}

export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context, browser }, use) => {
      const violations: string[] = []
      await watchContext(context, violations)
      const restore = watchNewContexts(browser, violations)
      try {
        await use(violations)
      } finally {
        restore()
      }
      expect(violations, 'Content-Security-Policy violations').toEqual([])
    },
    { auto: true },
  ],
})
