import {
  CARD_TEXT,
  cardLayout,
  drawCard,
  estimateWidth,
  wrapText,
  type CardContext,
} from '../../../src/features/customer/rules'

describe('card text wrapping', () => {
  it('keeps a short text on one line', () => {
    expect(wrapText('扫一扫', 200, 20)).toEqual(['扫一扫'])
  })

  it('breaks Chinese text by characters at the width', () => {
    // 20 px per character, 100 px wide: five characters a line.
    expect(wrapText('一二三四五六七八九十十一', 100, 20)).toEqual(['一二三四五', '六七八九十', '十一'])
  })

  it('uses the given measure', () => {
    const oneEach = (text: string) => text.length
    expect(wrapText('abcdef', 4, 10, oneEach)).toEqual(['abcd', 'ef'])
  })

  it('estimates Latin narrower than Chinese', () => {
    expect(estimateWidth('ab', 10)).toBeLessThan(estimateWidth('名字', 10))
  })
})

describe('card layout (account-area §2: name + QR + a line of text)', () => {
  const layout = cardLayout('陈经理')

  it('centres the QR code and the texts', () => {
    expect(layout.qr.x * 2 + layout.qr.size).toBe(layout.width)
    for (const box of [layout.title, layout.name, ...layout.lines]) expect(box.x).toBe(layout.width / 2)
    expect(layout.name.text).toBe('陈经理')
    expect(layout.lines.map((l) => l.text).join('')).toBe(CARD_TEXT)
  })

  it('stacks title, name, QR and text from top to bottom inside the card', () => {
    expect(layout.title.y).toBeLessThan(layout.name.y)
    expect(layout.name.y).toBeLessThan(layout.qr.y)
    expect(layout.qr.y + layout.qr.size).toBeLessThan(layout.lines[0].y)
    expect(layout.lines[layout.lines.length - 1].y).toBeLessThan(layout.height)
  })

  it('grows with a longer text and keeps every line within the width', () => {
    const long = cardLayout('陈经理', '很长的说明文字'.repeat(10))
    expect(long.lines.length).toBeGreaterThan(layout.lines.length)
    expect(long.height).toBeGreaterThan(layout.height)
    for (const line of long.lines) expect(estimateWidth(line.text, 26)).toBeLessThanOrEqual(long.width - 96)
  })

  it('draws the background, the texts and the QR at their places', () => {
    const calls: unknown[][] = []
    const ctx: CardContext = {
      fillStyle: '',
      font: '',
      textAlign: 'left',
      fillRect: (...args) => calls.push(['fillRect', ...args]),
      fillText: (...args) => calls.push(['fillText', ...args]),
      drawImage: (_image, ...args) => calls.push(['drawImage', ...args]),
    }
    const qr = {} as CanvasImageSource
    drawCard(ctx, layout, qr)
    expect(calls[0]).toEqual(['fillRect', 0, 0, layout.width, layout.height])
    expect(calls).toContainEqual(['fillText', '陈经理', layout.name.x, layout.name.y])
    expect(calls).toContainEqual(['drawImage', layout.qr.x, layout.qr.y, layout.qr.size, layout.qr.size])
    expect(ctx.textAlign).toBe('center')
  })
})
