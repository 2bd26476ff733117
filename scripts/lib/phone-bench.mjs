// What the phone benchmarks share (bench-interactions.mjs, profile-startup.mjs): the reference
// server (sandbox) serving a build, the system Chromium, the demo owner's session from an entry
// link, and phone pages (375×812, touch) with the CPU slowed as Lighthouse's mobile profile does.
import { chromium } from 'playwright-core'
import { entryLogin, startServer } from './lighthouse.mjs'

const PHONE = {
  viewport: { width: 375, height: 812 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  locale: 'zh-CN',
}

export async function startPhoneBench(h5Dir) {
  const server = await startServer(h5Dir)
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  })
  const login = await browser.newContext()
  await entryLogin(login, server.base)
  const session = await login.storageState()
  await login.close()

  /** A phone page, logged in unless `anonymous`, its CPU `rate` times slower; close its context after. */
  async function openPhone({ anonymous = false, rate = 4 } = {}) {
    const context = await browser.newContext({ ...PHONE, ...(anonymous ? {} : { storageState: session }) })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate })
    return { context, page, cdp }
  }

  return {
    base: server.base,
    openPhone,
    close: async () => {
      await browser.close()
      server.stop()
    },
  }
}
