// `npm run bench:interactions`: how long the console's common interactions take on a throttled
// phone. The built H5 console (dist/h5) is served by the reference server (sandbox, in-memory
// database); Chromium emulates a 375×812 phone with its CPU slowed 4× (CDP
// Emulation.setCPUThrottlingRate, Lighthouse's mobile factor). Each interaction runs on a freshly
// loaded page, `--runs` times (default 5); its duration is the longest Event Timing entry of the
// interaction (what INP counts: input delay, handlers, and the next paint). Entries under 16 ms are
// not reported by browsers, so those show as "< 16 ms". Goal: ≤ 200 ms each. A benchmark, never a
// gate: the machine's speed (Lighthouse's benchmarkIndex of the same machine) is printed by
// `npm run bench`; run both on a quiet machine.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { spread } from './lib/lighthouse.mjs'
import { startPhoneBench } from './lib/phone-bench.mjs'
import { ROOT } from './lib/sizes.mjs'

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    rate: { type: 'string', default: '4' },
  },
})
const runs = Math.max(1, Number(args.runs) || 5)
const rate = Math.max(1, Number(args.rate) || 4)
const GOAL_MS = 200
const h5Dir = path.join(ROOT, process.env.MC_DIST || 'dist', 'h5')
if (!existsSync(path.join(h5Dir, 'index.html'))) {
  console.error(`no H5 build in ${h5Dir}: run \`npx taro build --type h5\` first`)
  process.exit(1)
}

/**
 * Each interaction: the page it starts on, whether it needs the owner's session, what says the page
 * is ready, what is done before it (not measured), the action, and what says the interaction's
 * result is on screen.
 */
const INTERACTIONS = [
  {
    name: 'open the account menu',
    route: '/index',
    ready: (page) => page.getByRole('button', { name: '账号菜单' }),
    act: (page) => page.getByRole('button', { name: '账号菜单' }).click(),
    done: (page) => page.getByRole('menu', { name: '账号菜单' }),
  },
  {
    name: 'open a dialog (新增子管理员)',
    route: '/subAccountManage',
    ready: (page) => page.getByRole('button', { name: '新增子管理员' }),
    act: (page) => page.getByRole('button', { name: '新增子管理员' }).click(),
    done: (page) => page.getByRole('form', { name: '新增子管理员' }),
  },
  {
    // A confirmation mounts on its first opening (core/ui/ConfirmDialog): this is that first one.
    name: 'ask a confirmation (退出登录)',
    route: '/index',
    ready: (page) => page.getByRole('button', { name: '账号菜单' }),
    prepare: (page) => page.getByRole('button', { name: '账号菜单' }).click(),
    act: (page) => page.getByRole('menuitem', { name: '退出登录' }).click(),
    done: (page) => page.getByText('确定退出？'),
  },
  {
    name: 'switch a tab (短信登录)',
    route: '/login',
    anonymous: true,
    ready: (page) => page.getByRole('tab', { name: '短信登录' }),
    act: (page) => page.getByRole('tab', { name: '短信登录' }).click(),
    done: (page) => page.getByLabel('短信登录').locator('input[name="sms-phone"]'),
  },
  {
    name: 'next page of a list (订单 加载更多)',
    route: '/orderlist',
    ready: (page) => page.getByRole('button', { name: '加载更多' }),
    act: (page) => page.getByRole('button', { name: '加载更多' }).click(),
    done: (page) => page.getByRole('list', { name: '订单列表' }).getByRole('listitem').nth(5),
  },
  {
    name: 'work-order form step (会员账号)',
    route: '/submitWorkOrder',
    ready: (page) => page.getByRole('button', { name: '会员账号' }),
    act: (page) => page.getByRole('button', { name: '会员账号' }).click(),
    done: (page) => page.getByRole('radiogroup', { name: '问题细类' }),
  },
]

/** Collects Event Timing entries that belong to an interaction, from before the page's own code runs. */
function watchInteractions() {
  window.__interactionEvents = []
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.interactionId)
        window.__interactionEvents.push({ id: entry.interactionId, name: entry.name, ms: entry.duration })
  }).observe({ type: 'event', durationThreshold: 16, buffered: true })
}

/** The interaction's duration: its longest entry (null: every entry was under 16 ms). */
async function interactionMs(page) {
  // Entries arrive after the next paint; two frames and a little time let them flush.
  await page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100))),
      ),
  )
  const events = await page.evaluate(() => window.__interactionEvents)
  return events.length ? Math.max(...events.map((e) => e.ms)) : null
}

async function measure(bench, interaction) {
  const { context, page } = await bench.openPhone({ anonymous: interaction.anonymous, rate })
  try {
    await page.addInitScript(watchInteractions)
    await page.goto(`${bench.base}${interaction.route}`)
    await interaction.ready(page).waitFor({ timeout: 60_000 })
    await interaction.prepare?.(page)
    // Let start-up work (polls, deferred parts) settle: the interaction is measured on its own.
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(500)
    await page.evaluate(() => (window.__interactionEvents = []))
    await interaction.act(page)
    await interaction.done(page).waitFor({ timeout: 30_000 })
    return await interactionMs(page)
  } finally {
    await context.close()
  }
}

const bench = await startPhoneBench(h5Dir)
try {
  console.log(
    `Interactions on a 375×812 phone at ${rate}× CPU slowdown, median (min–max) of ${runs} runs; goal ≤ ${GOAL_MS} ms`,
  )
  let over = 0
  for (const interaction of INTERACTIONS) {
    const durations = []
    for (let i = 0; i < runs; i++) durations.push(await measure(bench, interaction))
    const measured = spread(durations.map((ms) => ms ?? 0))
    const show = (ms) => (ms < 16 ? '< 16' : String(Math.round(ms)))
    const verdict = measured.median <= GOAL_MS ? 'ok' : 'OVER'
    if (verdict === 'OVER') over += 1
    console.log(
      `  ${interaction.name.padEnd(34)} ${`${show(measured.median)} ms (${show(measured.min)}–${show(measured.max)})`.padStart(22)}  ${verdict}`,
    )
  }
  console.log(over ? `${over} over the goal` : 'all within the goal')
} finally {
  await bench.close()
}
