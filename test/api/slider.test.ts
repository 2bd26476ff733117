import type { SliderPuzzle } from '../../src/core/contract/captcha'
import { eq } from 'drizzle-orm'
import { PNG } from 'pngjs'
import { MSG } from '../../src/core/validation/messages'
import { minutes } from '../../server/context'
import { captchas } from '../../server/db/schema'
import { useTestServer } from './support/harness'

const server = useTestServer()

type Puzzle = SliderPuzzle

const WRONG = { code: 400, message: '验证失败，请重新拖动滑块', data: null }
const EXPIRED = { code: 400, message: '验证码已失效，请刷新后重试', data: null }
const REQUIRED = { code: 400, message: '请先完成滑块验证', data: null }
const PASSED = { code: 200, message: '验证成功', data: null }

const decode = (dataUrl: string) => {
  expect(dataUrl).toMatch(/^data:image\/png;base64,/)
  return PNG.sync.read(Buffer.from(dataUrl.split(',')[1], 'base64'))
}

async function answerX(id: string): Promise<number> {
  const [row] = await server.db.select().from(captchas).where(eq(captchas.id, id))
  return JSON.parse(row.answer).x
}

const check = (id: string, captchaData: string, phone?: string) =>
  server.post('/api/app/check222', { id, captchaData, phone })

const send = (phone: string, captchaId: string, ip = '198.51.100.10') =>
  server.post('/api/pc/sendSmsCode', { phone, captchaId, captchaData: '{}', type: 'register' }, { ip })

describe('GET|POST /api/app/genCaptcha?type=SLIDER', () => {
  it('returns two PNG pictures and the geometry, but not the answer', async () => {
    const result = await server.get<Puzzle>('/api/app/genCaptcha?type=SLIDER')
    expect(result.code).toBe(200)
    expect(Object.keys(result.data).sort()).toEqual(
      ['backgroundImage', 'height', 'id', 'pieceImage', 'pieceSize', 'width', 'y'].sort(),
    )
    expect(result.data).toMatchObject({ width: 260, height: 130, pieceSize: 44 })
    // Besides the pictures there is only the id and the geometry: no x, no markup.
    const { backgroundImage: _background, pieceImage: _piece, ...rest } = result.data
    expect(JSON.stringify(rest)).not.toMatch(/"x"|<svg/i)
    const background = decode(result.data.backgroundImage)
    const piece = decode(result.data.pieceImage)
    expect([background.width, background.height]).toEqual([260, 130])
    expect([piece.width, piece.height]).toEqual([44, 44])
  })

  it('draws the gap where the answer is, darkened, and cuts the piece from that place', async () => {
    const result = await server.get<Puzzle>('/api/app/genCaptcha?type=SLIDER')
    const x = await answerX(result.data.id)
    const { y } = result.data
    expect(x).toBeGreaterThanOrEqual(60)
    expect(x).toBeLessThanOrEqual(212)
    const background = decode(result.data.backgroundImage)
    const piece = decode(result.data.pieceImage)
    // Inside the rim, each gap pixel is the piece pixel darkened to 40 %.
    for (const [dx, dy] of [
      [5, 5],
      [22, 22],
      [38, 30],
    ]) {
      const inGap = ((y + dy) * 260 + x + dx) * 4
      const inPiece = (dy * 44 + dx) * 4
      for (let channel = 0; channel < 3; channel += 1) {
        expect(background.data[inGap + channel]).toBe(Math.round(piece.data[inPiece + channel] * 0.4))
      }
    }
  })

  it('places the gap at random', async () => {
    const xs = new Set<number>()
    for (let i = 0; i < 6; i += 1) xs.add(await answerX((await server.slider()).id))
    expect(xs.size).toBeGreaterThan(1)
  })

  it('accepts POST with the type in the body or the query', async () => {
    const inBody = await server.post<Puzzle>('/api/app/genCaptcha', { type: 'SLIDER' })
    expect(inBody.code).toBe(200)
    expect(inBody.data.id).toMatch(/^[0-9a-f-]{36}$/)
    const inQuery = await server.app.inject({ method: 'POST', url: '/api/app/genCaptcha?type=SLIDER' })
    expect(inQuery.json().code).toBe(200)
  })

  it.each(['', 'IMAGE', 'slider', '1'])('refuses type %p with 非法参数', async (type) => {
    expect(await server.get(`/api/app/genCaptcha?type=${type}`)).toEqual({
      code: 400,
      message: '非法参数',
      data: null,
    })
  })

  it('gives the dev sandbox the exact captchaData that passes', async () => {
    const result = await server.get<Puzzle>('/api/app/genCaptcha?type=SLIDER')
    const dev = await server.get<{ answer: string }>(`/__dev/captcha?id=${result.data.id}`)
    expect(dev.data.answer).toBe(JSON.stringify({ x: await answerX(result.data.id) }))
    expect(await check(result.data.id, dev.data.answer, '13700000001')).toEqual(PASSED)
  })
})

describe('POST /api/app/check222', () => {
  it('accepts a drop within 4 px of the gap', async () => {
    for (const offset of [-4, 4, 0.5]) {
      const { id } = await server.slider()
      const x = await answerX(id)
      expect(await check(id, JSON.stringify({ x: x + offset }), '13700000001')).toEqual(PASSED)
    }
  })

  it('refuses a drop 5 px off, and the puzzle is then void', async () => {
    const { id, captchaData } = await server.slider()
    const x = await answerX(id)
    expect(await check(id, JSON.stringify({ x: x + 5 }), '13700000001')).toEqual(WRONG)
    expect(await check(id, captchaData, '13700000001')).toEqual(EXPIRED)
    expect(await send('13700000001', id)).toEqual(REQUIRED)
  })

  it.each(['', 'x=100', '{"y":100}', '{"x":"100"}', '[100]', 'null'])(
    'treats captchaData %p as a wrong answer',
    async (captchaData) => {
      const { id } = await server.slider()
      expect(await check(id, captchaData, '13700000001')).toEqual(WRONG)
    },
  )

  it('refuses the right answer a second time', async () => {
    const { id, captchaData } = await server.slider()
    expect(await check(id, captchaData, '13700000002')).toEqual(PASSED)
    expect(await check(id, captchaData, '13700000002')).toEqual(EXPIRED)
  })

  it('refuses an unknown or malformed id', async () => {
    const { captchaData } = await server.slider()
    expect(await check('00000000-0000-4000-8000-000000000000', captchaData, '13700000001')).toEqual(EXPIRED)
    expect(await check('nope', captchaData, '13700000001')).toEqual(EXPIRED)
  })

  it('refuses a puzzle older than 5 minutes', async () => {
    const { id, captchaData } = await server.slider()
    server.clock.advance(minutes(5) + 1000)
    expect(await check(id, captchaData, '13700000001')).toEqual(EXPIRED)
  })

  it('checks the phone first, without spending the puzzle', async () => {
    const { id, captchaData } = await server.slider()
    expect(await check(id, captchaData, '1370000')).toEqual({
      code: 400,
      message: MSG.phoneInvalid,
      data: null,
    })
    expect(await check(id, captchaData)).toEqual({ code: 400, message: MSG.phoneRequired, data: null })
    expect(await check(id, captchaData, '13700000003')).toEqual(PASSED)
  })
})

describe('a solved puzzle permits one SMS send, to its phone', () => {
  it('permits exactly one send', async () => {
    const { captchaId } = await server.solvedSlider('13700000011')
    expect(await send('13700000011', captchaId)).toEqual({ code: 200, message: '已发送', data: null })
    server.clock.advance(61_000)
    expect(await send('13700000011', captchaId)).toEqual(REQUIRED)
  })

  it('does not permit a send to another phone', async () => {
    const { captchaId } = await server.solvedSlider('13700000012')
    expect(await send('13700000013', captchaId)).toEqual(REQUIRED)
    // Still good for its own phone.
    expect((await send('13700000012', captchaId)).code).toBe(200)
  })

  it('does not permit a send from an unsolved, a wrongly answered or an unknown puzzle', async () => {
    const unsolved = await server.slider()
    expect(await send('13700000014', unsolved.id)).toEqual(REQUIRED)
    const wrong = await server.slider()
    await check(wrong.id, '{"x":-100}', '13700000014')
    expect(await send('13700000014', wrong.id)).toEqual(REQUIRED)
    expect(await send('13700000014', 'nope')).toEqual(REQUIRED)
    expect(await send('13700000014', '')).toEqual(REQUIRED)
  })

  it('does not permit a send once the puzzle has expired', async () => {
    const { captchaId } = await server.solvedSlider('13700000015')
    server.clock.advance(minutes(5) + 1000)
    expect(await send('13700000015', captchaId)).toEqual(REQUIRED)
  })
})
