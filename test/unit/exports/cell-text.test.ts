// Formula injection: a cell starting like a formula is written as text (CSV: a leading apostrophe),
// RFC 4180 quoting, and stored rich text as plain text.
import fc from 'fast-check'
import {
  csvField,
  neutralised,
  plainTextOf,
  startsLikeFormula,
} from '../../../server/services/exports/cell-text'

describe('formula injection', () => {
  it.each(['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])(
    '%j starts like a formula and gets an apostrophe',
    (text) => {
      expect(startsLikeFormula(text)).toBe(true)
      expect(neutralised(text)).toBe(`'${text}`)
    },
  )

  it.each(['订单 MC2026', '1+1', 'a=b', '', ' =1', "'=1"])('%j is left as it is', (text) => {
    expect(neutralised(text)).toBe(text)
  })

  it('never lets a CSV field start with a formula character (property)', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const field = csvField(text)
        const cell = field.startsWith('"') ? field.slice(1) : field
        expect(startsLikeFormula(cell)).toBe(false)
      }),
    )
  })
})

describe('CSV fields (RFC 4180)', () => {
  it('quotes a field with a comma, a quote or a line break and doubles its quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
    expect(csvField('plain')).toBe('plain')
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`)
  })

  it('reads back to the neutralised text (property)', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const field = csvField(text)
        const read = field.startsWith('"') ? field.slice(1, -1).replace(/""/g, '"') : field
        expect(read).toBe(neutralised(text))
      }),
    )
  })
})

describe('plainTextOf', () => {
  it('turns line breaks and block ends into new lines and drops the tags', () => {
    expect(plainTextOf('<p>首页</p><p>打不开</p>')).toBe('首页\n打不开')
    expect(plainTextOf('第一行<br/>第二行')).toBe('第一行\n第二行')
    expect(plainTextOf('<b>加粗</b> 文字')).toBe('加粗 文字')
  })

  it('decodes entities once', () => {
    expect(plainTextOf('&lt;script&gt; &amp;amp; &quot;x&quot; &#39;y&#39; &#x4e2d;')).toBe(
      `<script> &amp; "x" 'y' 中`,
    )
    expect(plainTextOf('&unknown; &#0;')).toBe('&unknown; &#0;')
  })
})
