// The customer page (spec account-area §2: the customer manager's enterprise-WeChat QR code; a card
// image generated on a canvas and saved as PNG). The card's layout is computed here, purely, so
// both platforms draw the same card and the layout is tested without a canvas.

export const NO_WEWORK = '当前客服尚未绑定企微'
export const CARD_TEXT = '扫一扫上面的二维码，添加我的企业微信'
export const CARD_FILE_NAME = '客户经理名片.png'

/** §9: WeChat QR codes are shown at 180 px. */
export const QR_DISPLAY_PX = 180

export interface TextBox {
  text: string
  x: number
  y: number
  font: string
  color: string
}

export interface CardLayout {
  width: number
  height: number
  background: string
  title: TextBox
  name: TextBox
  qr: { x: number; y: number; size: number }
  lines: TextBox[]
}

/** Width of a text in px at `fontPx`; estimated (CJK 1 em, others 0.6 em) unless a canvas measures it. */
export type Measure = (text: string, fontPx: number) => number

export const estimateWidth: Measure = (text, fontPx) =>
  Array.from(text).reduce((sum, ch) => sum + (/[\u2e80-\uffff]/.test(ch) ? 1 : 0.6) * fontPx, 0)

/** Breaks `text` into lines no wider than `maxWidth`, character by character (Chinese has no spaces). */
export function wrapText(text: string, maxWidth: number, fontPx: number, measure: Measure = estimateWidth) {
  const lines: string[] = []
  let line = ''
  for (const ch of Array.from(text)) {
    if (line && measure(line + ch, fontPx) > maxWidth) {
      lines.push(line)
      line = ch
    } else {
      line += ch
    }
  }
  if (line) lines.push(line)
  return lines
}

const CARD = {
  width: 600,
  padding: 48,
  titlePx: 26,
  namePx: 40,
  textPx: 26,
  qrSize: 360,
  gap: 32,
  lineHeight: 40,
}

const font = (px: number, bold = false) => `${bold ? 'bold ' : ''}${px}px sans-serif`

/**
 * The card: 专属客户经理, the manager's name, the QR code centred, then `text` wrapped to the card
 * width. Text boxes are centred (x is the centre, y the baseline).
 */
export function cardLayout(
  name: string,
  text: string = CARD_TEXT,
  measure: Measure = estimateWidth,
): CardLayout {
  const { width, padding, gap, qrSize, lineHeight } = CARD
  const centre = width / 2
  const titleY = padding + CARD.titlePx
  const nameY = titleY + gap + CARD.namePx
  const qrY = nameY + gap
  const firstLineY = qrY + qrSize + gap + CARD.textPx
  const wrapped = wrapText(text, width - padding * 2, CARD.textPx, measure)
  const lines = wrapped.map((line, i) => ({
    text: line,
    x: centre,
    y: firstLineY + i * lineHeight,
    font: font(CARD.textPx),
    color: '#666666',
  }))
  const lastY = lines.length ? lines[lines.length - 1].y : qrY + qrSize
  return {
    width,
    height: lastY + padding,
    background: '#ffffff',
    title: { text: '专属客户经理', x: centre, y: titleY, font: font(CARD.titlePx), color: '#999999' },
    name: { text: name, x: centre, y: nameY, font: font(CARD.namePx, true), color: '#222222' },
    qr: { x: (width - qrSize) / 2, y: qrY, size: qrSize },
    lines,
  }
}

/** The 2D-context calls a card needs (a browser canvas and a mini-program Canvas 2D both have them). */
export interface CardContext {
  fillStyle: string | CanvasGradient | CanvasPattern
  font: string
  textAlign: CanvasTextAlign
  fillRect(x: number, y: number, w: number, h: number): void
  fillText(text: string, x: number, y: number): void
  drawImage(image: CanvasImageSource, x: number, y: number, w: number, h: number): void
}

/** Draws a laid-out card; `qr` is the loaded QR image. */
export function drawCard(ctx: CardContext, layout: CardLayout, qr: CanvasImageSource) {
  ctx.fillStyle = layout.background
  ctx.fillRect(0, 0, layout.width, layout.height)
  ctx.textAlign = 'center'
  for (const box of [layout.title, layout.name, ...layout.lines]) {
    ctx.font = box.font
    ctx.fillStyle = box.color
    ctx.fillText(box.text, box.x, box.y)
  }
  ctx.drawImage(qr, layout.qr.x, layout.qr.y, layout.qr.size, layout.qr.size)
}
