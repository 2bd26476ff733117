// Demo notice attachments (account-area §2 notice detail: attachments, images preview on click).
// A real deployment links its file store; the reference server draws two screenshots-like PNGs
// with pngjs and serves one text file, so the seeded notices' previews work in a browser.
import { PNG } from 'pngjs'

export const NOTICE_FILES_PATH = '/api/pc/noticeFiles'

export interface DemoFile {
  body: Buffer
  contentType: string
}

type Rgb = [number, number, number]

/** A page mock-up: a header bar, a banner in `accent` and rows of grey "text" blocks (a PNG). */
export function drawPage(width: number, height: number, accent: Rgb): Buffer {
  const png = new PNG({ width, height })
  const paint = (x0: number, y0: number, w: number, h: number, [r, g, b]: Rgb) => {
    for (let y = y0; y < Math.min(height, y0 + h); y++) {
      for (let x = x0; x < Math.min(width, x0 + w); x++) {
        const i = (y * width + x) * 4
        png.data[i] = r
        png.data[i + 1] = g
        png.data[i + 2] = b
        png.data[i + 3] = 255
      }
    }
  }
  paint(0, 0, width, height, [246, 247, 251])
  paint(0, 0, width, 36, [34, 48, 74])
  paint(16, 52, width - 32, Math.round(height * 0.35), accent)
  const rowsTop = 52 + Math.round(height * 0.35) + 20
  for (let y = rowsTop; y + 10 < height - 12; y += 22) {
    paint(16, y, width - 32 - ((y * 7) % 120), 10, [208, 213, 224])
  }
  // One fixed row filter, as in slider-image.ts: the default tries all five per row.
  return PNG.sync.write(png, { filterType: 2 })
}

const FILES: Record<string, () => DemoFile> = {
  'site-home.png': () => ({ body: drawPage(480, 300, [64, 128, 255]), contentType: 'image/png' }),
  'alarm-screenshot.png': () => ({ body: drawPage(480, 300, [230, 90, 80]), contentType: 'image/png' }),
  'service-guide.txt': () => ({
    body: Buffer.from('会员中心使用说明\n\n1. 在“产品管理”中查看已购产品。\n2. 在“消息”中查看通知。\n'),
    contentType: 'text/plain; charset=utf-8',
  }),
}

const cache = new Map<string, DemoFile>()

/** The demo file called `name`, or null. Drawn once, then kept. */
export function demoNoticeFile(name: string): DemoFile | null {
  if (!Object.hasOwn(FILES, name)) return null
  if (!cache.has(name)) cache.set(name, FILES[name]())
  return cache.get(name) ?? null
}

export const demoFileUrl = (name: string) => `${NOTICE_FILES_PATH}/${name}`
