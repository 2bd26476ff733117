import fs from 'node:fs'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'

// End to end against the real server (in-memory database) serving the built H5 app (dist/h5),
// driven in Debian's Chromium: never a browser Playwright downloads itself.
const PORT = Number(process.env.E2E_PORT || 8190)
const chromium = {
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
}

// Every spec takes `test` from support/fixtures: it fails a test whose pages break the server's
// Content-Security-Policy. A spec importing Playwright's own `test` would skip that check.
for (const file of fs.readdirSync(__dirname).filter((name) => name.endsWith('.spec.ts'))) {
  const source = fs.readFileSync(path.join(__dirname, file), 'utf8')
  if (/import \{[^}]*\btest\b[^}]*\} from '@playwright\/test'/.test(source))
    throw new Error(`${file}: import { test, expect } from './support/fixtures', not from '@playwright/test'`)
}

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  // No retries: a test that passes only on its second try is a failure to fix, not to hide.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT || 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: chromium,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  outputDir: path.join('../..', process.env.E2E_OUTPUT_DIR || 'test-results/e2e'),
  projects: [
    { name: 'desktop', use: { viewport: { width: 1366, height: 768 } } },
    {
      name: 'mobile',
      use: { ...devices['iPhone 13'], browserName: 'chromium', viewport: { width: 375, height: 812 } },
    },
  ],
  webServer: {
    command: 'npx tsx server/main.ts',
    cwd: '../..',
    url: `http://127.0.0.1:${PORT}/api/app/code?type=6`,
    timeout: 120_000,
    reuseExistingServer: false,
    // Every spec sends its SMS and draws its captchas from 127.0.0.1 and the demo accounts: lift the
    // per-address and per-account limits (the API tests cover them). NODE_ENV=test is the sandbox
    // with cheap password hashes (server/security/password.ts): the specs log in hundreds of times.
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: 'memory://',
      NODE_ENV: 'test',
      SMS_ADDRESS_HOURLY_LIMIT: '1000',
      SMS_ACCOUNT_HOURLY_LIMIT: '1000',
      ANONYMOUS_CALLS_PER_MINUTE: '1000',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
