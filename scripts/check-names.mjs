// One name per domain: the folders and files of src/features, src/core/contract, src/core/validation,
// server/{routes,services,db,seed} and test/* spell each domain the way the glossary does
// (docs/architecture.md "Glossary"), so a search for `work-orders` finds the client, the contract,
// the server and the tests alike. Fails on
// - a known other spelling of a domain anywhere in a name (`workorders`, `OperationLog`, `subaccounts`);
// - a file or folder named by a domain's singular or a part of it (`evaluation.spec.ts`, `transfer.ts`);
// - a domain folder (src/features/*, server/services/*, test/unit/*, test/component/*) that is
//   neither a glossary name nor listed below as infrastructure;
// - a domain this script knows that the glossary does not name.
// Stylesheets are left out of the singular rule: they are named after their BEM block (check-styles).
// Existing disagreements are listed in EXCEPTIONS with a reason; a new one fails.
// Options: --root DIR (default: this repository; a test checks a copy). Ends with `N passed, N failed`.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'

const { values: args } = parseArgs({ options: { root: { type: 'string' } } })
const root = path.resolve(args.root ?? path.join(import.meta.dirname, '..'))

/** The glossary's name of each domain, with the other spellings that name it (kebab-case words). */
const DOMAINS = {
  account: { other: ['user-center', 'usercenter', 'user-settings'] },
  agreements: { whole: ['agreement'] },
  auth: { other: ['authentication', 'authn'] },
  checkout: { other: ['check-out'] },
  customer: { other: ['customers', 'client-manager'] },
  esign: { other: ['e-sign', 'econtract', 'e-contract', 'electronic-contract'], whole: ['contracts'] },
  evaluations: { other: ['feedback'], whole: ['evaluation'] },
  exports: { whole: ['export'] },
  invoices: { other: ['fapiao', 'receipts'], whole: ['invoice'] },
  notices: { other: ['announcement', 'announcements', 'bulletin', 'bulletins'], whole: ['notice'] },
  'operate-log': {
    other: ['operation-log', 'operation-logs', 'operate-logs', 'operatelog', 'oplog', 'audit-log'],
  },
  orders: { whole: ['order'] },
  payments: { whole: ['payment'] },
  'product-transfer': {
    other: ['producttransfer', 'product-transfers', 'transfer-product', 'transfer-products'],
    whole: ['transfer', 'transfers'],
  },
  products: { whole: ['product'] },
  recipients: { other: ['receivers'], whole: ['recipient'] },
  renewal: { other: ['renew', 'renews'] },
  shell: {},
  'sub-accounts': {
    other: ['subaccount', 'subaccounts', 'subadmin', 'subadmins', 'sub-users', 'child-accounts'],
    whole: ['sub-account'],
  },
  'wechat-binding': { other: ['wechatbinding', 'wechat-bind', 'wx-binding', 'weixin-binding'] },
  'work-orders': {
    other: ['workorder', 'workorders', 'support-ticket', 'support-tickets'],
    whole: ['work-order'],
  },
}

/** Folders beside the domains that name a layer or a tool, not a domain. */
const INFRASTRUCTURE = {
  architecture: "test/unit/architecture: checks of the whole codebase's shape (import circles)",
  core: 'test/component/core: the core/ui and Taro component tests',
  crypto: 'the shared crypto helpers (core/crypto, server crypto)',
  features: 'test/unit/features: tests of feature code with no domain folder of its own yet',
  format: 'core/format: dates, money and text formatting',
  http: 'core/http and server/http: transport, not a domain',
  notifications: 'the notification channels (SMS, mail, WeChat, robots) every domain sends through',
  outbox: 'the outbox of outgoing messages (docs "Outside services: providers and the outbox")',
  platform: 'core/platform adapters and their checks',
  providers: 'server/providers: the outside services',
  routing: 'core/routing: the route table',
  scripts: 'tests of scripts/',
  security: 'the account-security checks shared by several routes',
  session: 'core/session: the logged-in member',
  shared: 'server/services/shared: helpers several services use',
  sms: 'the SMS channel (codes, budgets), used by login and account changes alike',
  support: 'test helpers (fakes, harness)',
  'taro-patches': 'tests of the Taro internals replaced in taro-patches/ (its README)',
  ui: 'core/ui: shared components',
  validation: 'core/validation: the rules both sides run',
  wechat: 'the WeChat channel (login, messages, QR scenes); wechat-binding is the domain of binding',
}

/** Disagreements that predate this check, each with why it stays for now (paths from the root). */
const EXCEPTIONS = {
  'src/features/operate-log/components/OperationLog.tsx':
    'the page component is named after the screen title 操作日志 in English; rename with its stylesheet',
  'src/features/operate-log/components/operation-log.scss':
    'its BEM block `.operation-log` is used by OperationLog.tsx; renamed together',
  'src/features/work-orders/components/workorders.scss':
    'its `.wo-` blocks and the file name follow the weapp subpackage `workorders` (glossary)',
  'src/core/validation/recipient.ts':
    'the one recipient form (singular as the form); to become recipients.ts',
  'test/component/operate-log/operation-log.test.tsx':
    'named after OperationLog.tsx, which it tests; renamed with it',
}

/** Where domain names appear: flat folders list files, deep ones every folder and file below. */
const PLACES = [
  { dir: 'src/features', deep: true, domainFolders: true },
  { dir: 'src/core/contract' },
  { dir: 'src/core/validation' },
  { dir: 'server/routes' },
  { dir: 'server/services', deep: true, domainFolders: true },
  { dir: 'server/db' },
  { dir: 'server/seed' },
  { dir: 'test/unit', deep: true, domainFolders: true },
  { dir: 'test/component', deep: true, domainFolders: true },
  { dir: 'test/api', deep: true },
  { dir: 'test/e2e', deep: true },
  { dir: 'test/weapp', deep: true },
  { dir: 'test/types', deep: true },
]

/** `WorkOrderDetailView.tsx` -> ['work', 'order', 'detail', 'view']; `tables-subaccounts.ts` -> ['tables', 'subaccounts']. */
function wordsOf(name) {
  return name
    .split('.')[0]
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase()
    .split(/[-_\s]+/)
    .filter(Boolean)
}

const contains = (words, part) => words.some((_, i) => part.every((word, j) => words[i + j] === word))

/** What is wrong with one file or folder name, or null. */
function problemOf(name, { stylesheet = false } = {}) {
  const words = wordsOf(name)
  for (const [domain, { other = [], whole = [] }] of Object.entries(DOMAINS)) {
    const spelling = other.find((o) => contains(words, o.split('-')))
    if (spelling) return `spells ${domain} as "${spelling}"`
    if (!stylesheet && whole.includes(words.join('-'))) return `is named "${words.join('-')}", not ${domain}`
  }
  return null
}

/** Domains this script knows that the glossary does not name (as `name` or core/name). */
function unknownToGlossary(glossary, domains = Object.keys(DOMAINS)) {
  return domains.filter((d) => !glossary.includes(`\`${d}\``) && !glossary.includes(`core/${d}`))
}

function glossaryText() {
  const doc = readFileSync(path.join(root, 'docs', 'architecture.md'), 'utf8')
  const start = doc.indexOf('## Glossary')
  if (start < 0) return ''
  const end = doc.indexOf('\n## ', start + 1)
  return doc.slice(start, end < 0 ? undefined : end)
}

function entriesOf({ dir, deep }) {
  const full = path.join(root, dir)
  if (!existsSync(full)) return []
  const names = deep ? readdirSync(full, { recursive: true }) : readdirSync(full)
  return names
    .map((name) => path.join(dir, name).split(path.sep).join('/'))
    .filter((file) => !file.includes('/node_modules/') && !file.includes('/test-results/'))
}

/** The names that disagree with the glossary, and the exceptions nothing needs any more. */
function check() {
  const problems = []
  const excused = new Set()
  const report = (key, problem) => {
    if (key in EXCEPTIONS) excused.add(key)
    else problems.push(`${key} ${problem}`)
  }
  for (const place of PLACES) {
    for (const file of entriesOf(place)) {
      const name = path.posix.basename(file)
      const problem = problemOf(name, { stylesheet: name.endsWith('.scss') })
      if (problem) report(file, problem)
    }
    if (!place.domainFolders || !existsSync(path.join(root, place.dir))) continue
    for (const folder of readdirSync(path.join(root, place.dir))) {
      if (!statSync(path.join(root, place.dir, folder)).isDirectory()) continue
      if (!(folder in DOMAINS) && !(folder in INFRASTRUCTURE))
        report(
          `${place.dir}/${folder}`,
          'is neither a glossary domain nor infrastructure (scripts/check-names.mjs)',
        )
    }
  }
  for (const domain of unknownToGlossary(glossaryText()))
    report(domain, 'is a domain the glossary (docs/architecture.md) does not name')
  const stale = Object.keys(EXCEPTIONS).filter((key) => !excused.has(key))
  return [...problems, ...stale.map((key) => `${key} is an exception nothing needs any more: remove it`)]
}

const problems = check()
for (const problem of problems) console.error(problem)
console.log(
  problems.length ? `${problems.length} names disagree with the glossary` : 'names agree with the glossary',
)
console.log(`${problems.length ? 0 : 1} passed, ${problems.length ? 1 : 0} failed`)
process.exit(problems.length ? 1 : 0)
