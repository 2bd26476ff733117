// Slider puzzle pictures (doc2 §7 "Slider captcha"), drawn as PNG with pngjs (pure JS). The answer
// is only in the pixels: a darkened gap in the background and a piece cut from the same place.
// Pure-SVG sliders would carry the gap's coordinates in their markup (design "Reference server").
import crypto from 'node:crypto'
import { PNG } from 'pngjs'

export const SLIDER_WIDTH = 260
export const SLIDER_HEIGHT = 130
export const SLIDER_PIECE = 44
/** The gap never starts under the piece's resting place at the left edge. */
export const SLIDER_MIN_X = 60
export const SLIDER_MAX_X = SLIDER_WIDTH - SLIDER_PIECE - 4
const EDGE = 4

export interface SliderPicture {
  answerX: number
  y: number
  /** data:image/png;base64,… */
  backgroundImage: string
  pieceImage: string
}

type Rgb = [number, number, number]

const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)))

function hsl(hue: number, saturation: number, lightness: number): Rgb {
  const a = saturation * Math.min(lightness, 1 - lightness)
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12
    return 255 * (lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)))
  }
  return [channel(0), channel(8), channel(4)]
}

const unit = () => crypto.randomInt(0, 1_000_000) / 1_000_000

/** A diagonal two-colour gradient overlaid with soft discs and waves, different every time. */
function paintBackground(): PNG {
  const png = new PNG({ width: SLIDER_WIDTH, height: SLIDER_HEIGHT })
  const hue = unit() * 360
  const from = hsl(hue, 0.55, 0.62)
  const to = hsl((hue + 90 + unit() * 120) % 360, 0.6, 0.42)
  const discs = Array.from({ length: 7 }, () => ({
    cx: unit() * SLIDER_WIDTH,
    cy: unit() * SLIDER_HEIGHT,
    r: 12 + unit() * 34,
    colour: hsl(unit() * 360, 0.65, 0.35 + unit() * 0.4),
  }))
  const waveLength = 14 + unit() * 18
  const wavePhase = unit() * Math.PI * 2
  // Grain in 4 px cells: texture for the eye, still small once deflated.
  const cellsPerRow = Math.ceil(SLIDER_WIDTH / 4)
  const grainCells = Array.from({ length: cellsPerRow * Math.ceil(SLIDER_HEIGHT / 4) }, () =>
    crypto.randomInt(-6, 7),
  )
  for (let y = 0; y < SLIDER_HEIGHT; y += 1) {
    for (let x = 0; x < SLIDER_WIDTH; x += 1) {
      const t = (x / SLIDER_WIDTH + y / SLIDER_HEIGHT) / 2
      let rgb: Rgb = [0, 1, 2].map((i) => from[i] + (to[i] - from[i]) * t) as Rgb
      for (const disc of discs) {
        const distance = Math.hypot(x - disc.cx, y - disc.cy)
        if (distance < disc.r) {
          const weight = 0.55 * (1 - distance / disc.r)
          rgb = rgb.map((c, i) => c + (disc.colour[i] - c) * weight) as Rgb
        }
      }
      const wave = Math.round(Math.sin((x + y * 0.6) / waveLength + wavePhase) * 14)
      const grain = grainCells[Math.floor(y / 4) * cellsPerRow + Math.floor(x / 4)]
      const offset = (y * SLIDER_WIDTH + x) * 4
      png.data[offset] = clamp(rgb[0] + wave + grain)
      png.data[offset + 1] = clamp(rgb[1] + wave + grain)
      png.data[offset + 2] = clamp(rgb[2] + wave + grain)
      png.data[offset + 3] = 255
    }
  }
  return png
}

// One fixed row filter: pngjs's default tries all five per row, which is several times slower for
// a few kilobytes less.
const dataUrl = (png: PNG) =>
  `data:image/png;base64,${PNG.sync.write(png, { filterType: 2 }).toString('base64')}`

const onBorder = (dx: number, dy: number, width: number) =>
  dx < width || dy < width || dx >= SLIDER_PIECE - width || dy >= SLIDER_PIECE - width

export function drawSliderPicture(): SliderPicture {
  const answerX = crypto.randomInt(SLIDER_MIN_X, SLIDER_MAX_X + 1)
  const y = crypto.randomInt(EDGE, SLIDER_HEIGHT - SLIDER_PIECE - EDGE + 1)
  const background = paintBackground()
  const piece = new PNG({ width: SLIDER_PIECE, height: SLIDER_PIECE })
  for (let dy = 0; dy < SLIDER_PIECE; dy += 1) {
    for (let dx = 0; dx < SLIDER_PIECE; dx += 1) {
      const from = ((y + dy) * SLIDER_WIDTH + answerX + dx) * 4
      const to = (dy * SLIDER_PIECE + dx) * 4
      const border = onBorder(dx, dy, 2)
      for (let channel = 0; channel < 3; channel += 1) {
        const original = background.data[from + channel]
        // The piece gets a light rim so it stands out while dragged.
        piece.data[to + channel] = border ? clamp(original + (255 - original) * 0.7) : original
        // The gap: the same square, darkened, with a faint light outline.
        background.data[from + channel] = border ? clamp(original * 0.45 + 110) : clamp(original * 0.4)
      }
      piece.data[to + 3] = 255
    }
  }
  return { answerX, y, backgroundImage: dataUrl(background), pieceImage: dataUrl(piece) }
}
