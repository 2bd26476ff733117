import { sanitizeHtml, sanitizeTypedText } from '../../../src/core/format/html'

describe('rich text sanitising (notice bodies)', () => {
  it('drops scripts with their contents', () => {
    expect(sanitizeHtml('<p>hi</p><script>alert(1)</script>')).toBe('<p>hi</p>')
    expect(sanitizeHtml('<SCRIPT src="//evil.cn/x.js"></SCRIPT>ok')).toBe('ok')
  })

  it('strips event handler attributes and javascript: links', () => {
    const out = sanitizeHtml(
      '<img src="/a.png" onerror="alert(1)"><a href="javascript:alert(1)" onclick="x()">x</a>',
    )
    expect(out).not.toMatch(/onerror|onclick|javascript:/i)
    expect(out).toContain('<img src="/a.png">')
  })

  it('drops frames, objects and style blocks; keeps safe inline styles', () => {
    const out = sanitizeHtml(
      '<iframe src="//e.cn"></iframe><style>body{display:none}</style><p style="color:red;position:fixed">t</p>',
    )
    expect(out).toBe('<p style="color:red;">t</p>')
  })

  it('keeps ordinary markup and text', () => {
    expect(sanitizeHtml('<p>您的站点<b>demo.cn</b>将于<span>3天</span>后到期</p>')).toBe(
      '<p>您的站点<b>demo.cn</b>将于<span>3天</span>后到期</p>',
    )
    expect(sanitizeHtml('')).toBe('')
    expect(sanitizeHtml(null)).toBe('')
  })
})

describe('typed text (work-order descriptions and records)', () => {
  it('shows the line breaks of plain typed text', () => {
    expect(sanitizeTypedText('第一行\n第二行\r\n第三行')).toBe('第一行<br/>第二行<br/>第三行')
  })

  it('still sanitises', () => {
    const out = sanitizeTypedText('a<img src=x onerror="alert(1)">\n<script>alert(1)</script>b')
    expect(out).not.toMatch(/onerror|script/i)
    expect(out).toContain('<br/>')
  })

  it('leaves editor markup to its own layout', () => {
    expect(sanitizeTypedText('<p>一</p>\n<p>二</p>')).toBe('<p>一</p>\n<p>二</p>')
  })
})
