// Every platform adapter under src/: a `x.d.ts` with `x.h5.ts(x)` and/or `x.weapp.ts(x)` beside it.
// platform-adapters.ts is written from this list (write-platform-adapters.ts), so no adapter is left
// out of the type check by hand; test/unit/platform/adapter-checks.test.ts fails when the file and
// the tree part ways.
import fs from 'node:fs'
import path from 'node:path'

export type Adapter = {
  /** Path of the contract without `.d.ts`, relative to the repository, with `/` separators. */
  contract: string
  /** The platforms that have an implementation beside the contract. */
  platforms: Array<'h5' | 'weapp'>
}

const PLATFORMS = ['h5', 'weapp'] as const
const root = path.resolve(__dirname, '..', '..')

export function findAdapters(srcDir = path.join(root, 'src')): Adapter[] {
  const files = (fs.readdirSync(srcDir, { recursive: true }) as string[]).map((f) =>
    f.split(path.sep).join('/'),
  )
  const present = new Set(files)
  return files
    .filter((file) => file.endsWith('.d.ts'))
    .map((file) => file.slice(0, -'.d.ts'.length))
    .map((base) => ({
      contract: path.posix.join(path.relative(root, srcDir).split(path.sep).join('/'), base),
      platforms: PLATFORMS.filter((p) => present.has(`${base}.${p}.ts`) || present.has(`${base}.${p}.tsx`)),
    }))
    .filter((adapter) => adapter.platforms.length > 0)
    .sort((a, b) => a.contract.localeCompare(b.contract))
}

/** `src/features/auth/components/deferred` -> `featuresAuthComponentsDeferred`: unique per adapter. */
export function identifierOf(contract: string): string {
  const words = contract
    .replace(/^src\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
  return words.map((w, i) => (i === 0 ? w[0].toLowerCase() : w[0].toUpperCase()) + w.slice(1)).join('')
}

const HEADER = `// Written by \`npx tsx test/types/write-platform-adapters.ts\` from every x.d.ts under src/ with an
// x.h5 / x.weapp sibling (test/types/adapter-list.ts); do not edit by hand.
// Type checks, not tests: each platform adapter's H5 and weapp files export what its .d.ts contract
// promises (TypeScript resolves \`./x\` to x.d.ts, so without this an implementation could drift from
// its contract and only the build of that platform would notice). \`npm run typecheck\` fails on a
// mismatch. The deferred adapters (code H5 fetches on first use) meet their .d.ts too: core/ui
// \`deferred\` returns a plain function component of the same props.
`

/** The text of test/types/platform-adapters.ts for these adapters. */
export function renderAdapterChecks(adapters: Adapter[]): string {
  const imports: string[] = []
  const checks: string[] = []
  for (const { contract, platforms } of adapters) {
    const name = identifierOf(contract)
    imports.push(`import type * as ${name} from '../../${contract}'`)
    for (const platform of platforms) {
      const implementation = `${name}${platform === 'h5' ? 'H5' : 'Weapp'}`
      imports.push(`import * as ${implementation} from '../../${contract}.${platform}'`)
      checks.push(`${implementation} satisfies typeof ${name}`)
    }
  }
  return `${HEADER}${imports.join('\n')}\n\n${checks.join('\n')}\n`
}

/** The `x.h5` / `x.weapp` modules of these adapters a written file does not check. */
export function uncheckedModules(text: string, adapters: Adapter[]): string[] {
  const checked = new Set(
    [...text.matchAll(/^import \* as \w+ from '\.\.\/\.\.\/([^']+)'$/gm)].map(([, module]) => module),
  )
  return adapters
    .flatMap(({ contract, platforms }) => platforms.map((platform) => `${contract}.${platform}`))
    .filter((module) => !checked.has(module))
}

export const ADAPTER_CHECKS_FILE = path.join(root, 'test', 'types', 'platform-adapters.ts')
