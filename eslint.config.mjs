import js from '@eslint/js'
import importPlugin from 'eslint-plugin-import'
import jestDom from 'eslint-plugin-jest-dom'
import reactHooks from 'eslint-plugin-react-hooks'
import testingLibrary from 'eslint-plugin-testing-library'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const testingLibraryReact = testingLibrary.configs['flat/react']
const jestDomRecommended = jestDom.configs['flat/recommended']

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-*/**',
      'node_modules/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.jest } },
    plugins: { 'react-hooks': reactHooks, import: importPlugin },
    settings: {
      // import/* rules read only files with these extensions and parse .ts with the TypeScript
      // parser; without them every .ts import is skipped and import/no-cycle sees nothing. '.d.ts'
      // resolves a platform adapter (x.h5.ts / x.weapp.ts) to its x.d.ts, as TypeScript does.
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs'] } },
      'import/ignore': ['node_modules'],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // A cycle makes load order decide whether a constant is defined yet. `import type` is not one.
      'import/no-cycle': ['error', { ignoreExternal: true }],
      // Imports run one way: core -> features -> pages; the server shares only core's pure helpers.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            // Pages live in src/pages and in each weapp subpackage's folder (src/<root>/pages), so
            // these zones name what may be imported rather than every page folder.
            {
              target: './src/core',
              from: './src',
              except: ['./core', './styles'],
              message: 'core never imports a feature or a page',
            },
            {
              target: './src/features',
              from: './src',
              except: ['./core', './features', './styles'],
              message: 'a feature never imports a page',
            },
            {
              target: './server',
              from: [
                './src/features',
                './src/pages',
                './src/core/http',
                './src/core/ui',
                './src/core/session',
                './src/core/platform',
              ],
              message: 'the server shares only pure helpers (validation, crypto, config) with the app',
            },
            // The server's layers (docs/architecture.md "Server layers"): routes -> services -> db.
            // A service refuses with services/shared/errors.ts (no HTTP) and takes its codes from the wire
            // contract; server/http is Fastify plumbing beside the routes (the error handler turns a
            // refusal into an envelope).
            {
              // Queries belong to the services; a route may name the Database type and, in the
              // sandbox pages, the demo names.
              target: './server/routes',
              from: './server/db/!(client|demo).ts',
              message: 'a route reaches the database only through a service',
            },
            {
              target: './server/services',
              from: ['./server/routes', './server/app.ts'],
              message: 'a service never imports a route',
            },
            {
              target: './server/services',
              from: './server/http',
              message: 'a service never imports the HTTP layer: it refuses with services/shared/errors.ts',
            },
            {
              // The bottom every domain stands on (the viewer, roles, errors, paging, caches).
              target: './server/services/shared',
              from: './server/services',
              except: ['./shared'],
              message: 'services/shared imports no domain: every domain imports it',
            },
            {
              // Settings sit below every layer: config/ reads the environment, the providers' settings
              // included, and a default a setting needs lives there.
              target: './server/config',
              from: ['./server/http', './server/providers', './server/services', './server/routes'],
              message:
                'config imports no HTTP layer, provider, service or route: the default lives in config/',
            },
            {
              target: './server/db',
              from: [
                './server/seed',
                './server/services',
                './server/routes',
                './server/http',
                './server/app.ts',
              ],
              message: 'the database layer never imports the seed, a service, a route or the HTTP layer',
            },
            {
              // The demo seed writes its data with the services' rules (prices, notices, activation
              // links), so it sits above the services; the start-up and db:reset call it.
              target: './server/seed',
              from: ['./server/routes', './server/http', './server/app.ts'],
              message: 'the demo seed never imports a route or the HTTP layer',
            },
            {
              target: './server/http/envelope.ts',
              from: ['./server/services', './server/routes', './server/db', './server/app.ts'],
              message: 'the envelope depends on nothing above it',
            },
            {
              target: './server/http',
              from: ['./server/routes', './server/app.ts'],
              message: 'the HTTP plumbing never imports a route',
            },
            {
              target: ['./server/config', './server/security'],
              from: ['./server/services', './server/routes', './server/db', './server/app.ts'],
              message: 'configuration and crypto helpers sit below every layer',
            },
          ],
        },
      ],
    },
  },
  {
    // Taro's define*Config are build-time globals.
    files: ['src/**/*.config.ts', 'src/app.config.ts'],
    languageOptions: { globals: { defineAppConfig: 'readonly', definePageConfig: 'readonly' } },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The mini-program's logic layer has no browser: Taro's weapp build maps window/document to its own
    // runtime objects, so a touch of them passes every build and only fails on the phone. Browser
    // globals belong in the H5 adapters (x.h5.ts / x.h5.tsx, see docs/architecture.md "Platform adapters").
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.h5.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'localStorage', 'sessionStorage', 'location', 'navigator', 'history'].map(
          (name) => ({
            name,
            message: `${name} is H5-only: put the code in a platform adapter (src/core/platform/x.h5.ts)`,
          }),
        ),
        ...['matchMedia', 'fetch', 'XMLHttpRequest'].map((name) => ({
          name,
          message: `${name} is H5-only: use Taro's API or a platform adapter (src/core/platform/x.h5.ts)`,
        })),
      ],
    },
  },
  {
    // One text field: TextField is taro-ui's AtInput with its message under it, on both platforms.
    // A raw AtInput elsewhere drifts from it (its maxlength, the message, the label).
    files: ['src/features/**/*.{ts,tsx}', 'src/core/ui/**/*.{ts,tsx}'],
    ignores: ['src/core/ui/TextField.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'taro-ui',
              importNames: ['AtInput'],
              message: 'use TextField (src/core/ui/TextField.tsx), the one text field',
            },
          ],
          patterns: [
            {
              group: ['taro-ui/lib/components/input', 'taro-ui/lib/components/input/*'],
              message: 'use TextField (src/core/ui/TextField.tsx), the one text field',
            },
          ],
        },
      ],
    },
  },
  {
    // Component tests query as a user sees the screen and assert with jest-dom's matchers
    // (`toBeInTheDocument()`, not `toBeTruthy()` on a query that already throws).
    files: ['test/component/**/*.{ts,tsx}'],
    plugins: { ...testingLibraryReact.plugins, ...jestDomRecommended.plugins },
    rules: {
      ...testingLibraryReact.rules,
      ...jestDomRecommended.rules,
      // toHaveTextContent('x') passes on any text containing x; the tests' `textContent).toBe(...)`
      // hold the exact text, and the fix would loosen them.
      'jest-dom/prefer-to-have-text-content': 'off',
      // toBeEmptyDOMElement() ignores comments; `innerHTML).toBe('')` says nothing at all is left.
      'jest-dom/prefer-empty': 'off',
      // not.toBeChecked() also passes when aria-checked is missing; the tests require 'false'.
      'jest-dom/prefer-checked': 'off',
      // Half the screens are Taro's and taro-ui's markup: a field is reached by its `input[name]`
      // (what the form posts), taro-ui's modal by its classes, and the tests of the H5 replacements
      // of Taro's components (taro-patches/) check the very elements and attributes they render.
      'testing-library/no-node-access': 'off',
      'testing-library/no-container': 'off',
      // A test rendering twice names each result after its case (`first`, `refused`), which says more
      // than `view`.
      'testing-library/render-result-naming-convention': 'off',
    },
  },
  {
    // No React here: `useTestServer` (support/harness.ts) registers jest's hooks, not React's.
    files: ['test/api/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  featureBoundaries(),
  serviceLayers(),
)

/**
 * Features do not reach into each other: a feature imports core, styles and its own folder, plus
 * only the deliberate cross-feature imports listed here (docs/architecture.md "Feature boundaries"
 * says why each exists). Every folder of src/features is covered, new ones included. It is the same
 * rule as the layer zones above, registered under its own name so neither block replaces the
 * other's zones.
 */
function featureBoundaries() {
  const exportButton = './exports/components/ExportButton.tsx'
  const allowed = {
    account: [exportButton],
    auth: ['./account/components/SecondFactorEnrolDialog.tsx'],
    exports: ['./account/fresh-session.ts'],
    'operate-log': [exportButton],
    orders: [
      './esign/api.ts',
      './esign/components/ContractDialog.tsx',
      './esign/components/ContractSignedDialog.tsx',
      './invoices/components/InvoiceDialog.tsx',
      './invoices/components/MergedInvoiceButton.tsx',
      exportButton,
    ],
    products: ['./auth/api.ts', './auth/components/BindPhoneDialog.tsx'],
    shell: [
      './auth/hooks/useScanLogin.ts',
      './auth/components/ScanLoginDialog.tsx',
      './account/components/PasswordDialog.tsx',
      './account/components/ReverifyHost.tsx',
    ],
    'sub-accounts': ['./auth/complete-login.ts', './account/fresh-session.ts'],
    'wechat-binding': ['./account/fresh-session.ts'],
    'work-orders': [exportButton],
  }
  const { readdirSync } = process.getBuiltinModule('node:fs')
  const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
  return {
    files: ['src/features/**/*.{ts,tsx}'],
    plugins: { 'feature-boundary': importPlugin },
    rules: {
      'feature-boundary/no-restricted-paths': [
        'error',
        {
          zones: features.map((feature) => ({
            target: `./src/features/${feature}`,
            from: './src/features',
            except: [`./${feature}`, ...(allowed[feature] ?? [])],
            message: `features/${feature} may import another feature only as listed in eslint.config.mjs (featureBoundaries); move what is shared into core`,
          })),
        },
      ],
    },
  }
}

/**
 * The server's service domains, bottom first: a domain imports only the domains before it (and
 * services/shared, below them all), so the domains form no circle. The imports that still run back
 * up are listed in `upward`, each with its reason. A domain folder missing from the order fails
 * here, so a new one takes its place on purpose.
 */
function serviceLayers() {
  const order = [
    'notices',
    'operate-log',
    'outbox',
    'notifications',
    'auth',
    'sms',
    'wechat',
    'account',
    'evaluations',
    'orders',
    'checkout',
    'renewal',
    'products',
    'payments',
    'invoices',
    'customer',
    'work-orders',
    'exports',
    'product-transfer',
    'recipients',
    'sub-accounts',
  ]
  const upward = {
    'auth>account': {
      files: [
        'account-cancellation',
        'account-login-mask',
        'device-info',
        'ip-city',
        'known-addresses',
        'login-devices',
        'members',
        'second-factor',
      ],
      reason:
        'sign-in checks what the account settings hold (login mask, second factor, known addresses, devices, a pending cancellation) and reads the member directory',
    },
    'auth>sms': { files: ['sms'], reason: 'phone login takes the SMS service its codes go through (a type)' },
    'sms>account': {
      files: ['members'],
      reason: 'an SMS code request checks the phone against the member directory (a type)',
    },
    'wechat>account': {
      files: ['accounts', 'device-info', 'members'],
      reason: 'WeChat login and binding find and update members and name the requesting device',
    },
    'notifications>wechat': {
      files: ['wechat-messaging'],
      reason: 'the notifier plans WeChat messages through the WeChat channel it is handed (a type)',
    },
  }
  const { readdirSync } = process.getBuiltinModule('node:fs')
  const folders = readdirSync(new URL('./server/services', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'shared')
    .map((entry) => entry.name)
  const unplaced = folders.filter((folder) => !order.includes(folder))
  if (unplaced.length)
    throw new Error(`eslint.config.mjs serviceLayers: place ${unplaced.join(', ')} in the order`)
  const zones = order.flatMap((domain, index) =>
    order.slice(index + 1).map((above) => ({
      target: `./server/services/${domain}`,
      from: `./server/services/${above}`,
      except: (upward[`${domain}>${above}`]?.files ?? []).map((file) => `./${file}.ts`),
      message: `services/${domain} sits below services/${above} (eslint.config.mjs serviceLayers): move what both need down, or hand it over from services/index.ts`,
    })),
  )
  return {
    files: ['server/services/**/*.ts'],
    plugins: { 'service-layer': importPlugin },
    rules: { 'service-layer/no-restricted-paths': ['error', { zones }] },
  }
}
