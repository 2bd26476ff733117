import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  ADAPTER_CHECKS_FILE,
  findAdapters,
  renderAdapterChecks,
  uncheckedModules,
} from '../../types/adapter-list'

const REWRITE = 'npx tsx test/types/write-platform-adapters.ts'

describe('platform adapter type checks (test/types/platform-adapters.ts)', () => {
  const written = fs.readFileSync(ADAPTER_CHECKS_FILE, 'utf8')
  const adapters = findAdapters()

  it('cover every adapter under src/, the deferred ones included', () => {
    expect({ unchecked: uncheckedModules(written, adapters), fix: REWRITE }).toEqual({
      unchecked: [],
      fix: REWRITE,
    })
    expect(adapters.map((a) => a.contract)).toEqual(
      expect.arrayContaining([
        'src/features/payments/pay',
        'src/core/ui/captcha/slider-loader',
        'src/features/orders/components/deferred',
        'src/features/shell/components/ConsoleNav',
      ]),
    )
  })

  it(`are exactly what \`${REWRITE}\` writes (an adapter gone from src/ is not still listed)`, () => {
    expect(written).toBe(renderAdapterChecks(adapters))
  })
})

describe('finding adapters', () => {
  let src: string
  const touch = (...files: string[]) =>
    files.forEach((file) => {
      fs.mkdirSync(path.dirname(path.join(src, file)), { recursive: true })
      fs.writeFileSync(path.join(src, file), '')
    })
  beforeEach(() => {
    src = fs.mkdtempSync(path.join(os.tmpdir(), 'adapters-'))
  })
  afterEach(() => fs.rmSync(src, { recursive: true, force: true }))

  it('finds an adapter in any folder, with the platforms that implement it', () => {
    touch('features/a/components/deferred.d.ts', 'features/a/components/deferred.h5.tsx')
    touch('features/a/components/deferred.weapp.ts')
    touch('core/platform/only-h5.d.ts', 'core/platform/only-h5.h5.ts')
    const found = findAdapters(src).map(({ contract, platforms }) => [path.basename(contract), platforms])
    expect(found).toEqual([
      ['only-h5', ['h5']],
      ['deferred', ['h5', 'weapp']],
    ])
  })

  it('leaves out declarations with no platform file and H5-only modules with no declaration', () => {
    touch('types/global.d.ts', 'core/ui/chart/WebLineChart.h5.tsx')
    expect(findAdapters(src)).toEqual([])
  })

  it('names the files of an adapter the written checks leave out', () => {
    touch('core/platform/pay.d.ts', 'core/platform/pay.h5.ts', 'core/platform/pay.weapp.ts')
    const before = findAdapters(src)
    touch('features/a/components/deferred.d.ts', 'features/a/components/deferred.h5.tsx')
    touch('features/a/components/deferred.weapp.ts')
    const after = findAdapters(src)
    const contract = after.find((a) => a.contract.endsWith('deferred'))!.contract
    expect(uncheckedModules(renderAdapterChecks(before), after)).toEqual([
      `${contract}.h5`,
      `${contract}.weapp`,
    ])
    expect(uncheckedModules(renderAdapterChecks(after), after)).toEqual([])
  })

  it('gives every adapter its own names, however many share a file name', () => {
    const text = renderAdapterChecks([
      { contract: 'src/features/auth/components/deferred', platforms: ['h5', 'weapp'] },
      { contract: 'src/features/shell/components/deferred', platforms: ['h5', 'weapp'] },
    ])
    expect(text).toContain('featuresAuthComponentsDeferredH5 satisfies typeof featuresAuthComponentsDeferred')
    expect(text).toContain(
      'featuresShellComponentsDeferredWeapp satisfies typeof featuresShellComponentsDeferred',
    )
  })
})
