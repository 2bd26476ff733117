import { readFileSync } from 'node:fs'
import path from 'node:path'
// eslint-disable-next-line @typescript-eslint/no-require-imports
const stripWeuiFont: (source: string) => string = require('../../../taro-patches/strip-weui-font.js')

const TARO_COMPONENTS_CSS = path.resolve(
  __dirname,
  '../../../node_modules/@tarojs/components/dist/taro-components/taro-components.css',
)

describe("the H5 build drops the weui icon font from Taro's component stylesheet", () => {
  it('removes the font face of the installed Taro and keeps every other rule', () => {
    const source = readFileSync(TARO_COMPONENTS_CSS, 'utf8')
    expect(source).toMatch(/font-family:\s*weui/)
    const stripped = stripWeuiFont(source)
    expect(stripped).not.toMatch(/@font-face[^}]*weui/)
    expect(stripped).not.toContain('base64,')
    expect(source.length - stripped.length).toBeGreaterThan(5000)
    expect(stripped.match(/\{/g)?.length).toBe((source.match(/\{/g)?.length ?? 0) - 1)
  })

  it('leaves other font faces alone', () => {
    const other = '@font-face{font-family:brand;src:url(brand.woff2)}.a{color:red}'
    expect(stripWeuiFont(other)).toBe(other)
  })
})
