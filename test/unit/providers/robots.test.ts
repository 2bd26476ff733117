// Group-robot posts: each platform's body and signature, the answers mapped to the outbox's
// verdicts, no redirect followed, a time limit, and nothing posted to an address off the platforms.
import crypto from 'node:crypto'
import { createRobotPoster, type RobotFetch } from '../../../server/providers/robots/index'
import { dingtalkSign } from '../../../server/providers/robots/dingtalk'
import { feishuSign } from '../../../server/providers/robots/feishu'
import { noticePlainText, ROBOT_TEXT_MAX } from '../../../server/services/notifications/robot-texts'
import { testAnswer } from '../../../server/services/notifications/robots'

const AT = new Date('2026-12-06T08:00:00Z')
const DINGTALK = 'https://oapi.dingtalk.com/robot/send?access_token=abcdefgh1234'
const FEISHU = 'https://open.feishu.cn/open-apis/bot/v2/hook/abcdefgh-1234'
const WECOM = 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=abcdefgh-1234'
const MESSAGE = {
  title: '工单有新回复',
  text: '您的工单有新的回复。',
  link: 'https://mc.example.cn/workorder',
}

/** A fetch that records its calls and answers `status` with `body`. */
function fakeFetch(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = []
  const fetch: RobotFetch = async (url, init) => {
    calls.push({ url, init })
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status })
  }
  return { calls, fetch, bodyOf: (i = 0) => JSON.parse(String(calls[i].init.body)) }
}

const poster = (fetch: RobotFetch) => createRobotPoster({ fetch, now: () => AT })

describe('signatures', () => {
  it('DingTalk: base64 HMAC-SHA256 keyed with the secret over "timestamp\\nsecret"', () => {
    const expected = crypto.createHmac('sha256', 'SECabc').update('1700000000000\nSECabc').digest('base64')
    expect(dingtalkSign(1700000000000, 'SECabc')).toBe(expected)
  })

  it('Feishu: base64 HMAC-SHA256 keyed with "timestamp\\nsecret" over nothing', () => {
    const expected = crypto
      .createHmac('sha256', '1700000000\nabc12345')
      .update(Buffer.alloc(0))
      .digest('base64')
    expect(feishuSign(1700000000, 'abc12345')).toBe(expected)
  })
})

describe('each platform’s post', () => {
  it('DingTalk: markdown, timestamp (ms) and URL-encoded sign in the query, never redirected', async () => {
    const fake = fakeFetch(200, { errcode: 0, errmsg: 'ok' })
    const answer = await poster(fake.fetch).post({ url: DINGTALK, secret: 'SECabcdef0123456789abc' }, MESSAGE)
    expect(answer).toEqual({ result: { outcome: 'sent' }, detail: null })
    const sign = encodeURIComponent(dingtalkSign(AT.getTime(), 'SECabcdef0123456789abc'))
    expect(fake.calls[0].url).toBe(`${DINGTALK}&timestamp=${AT.getTime()}&sign=${sign}`)
    expect(fake.calls[0].init).toMatchObject({
      method: 'POST',
      redirect: 'manual',
      signal: expect.any(AbortSignal),
    })
    expect(fake.bodyOf()).toEqual({
      msgtype: 'markdown',
      markdown: {
        title: '工单有新回复',
        text: '#### 工单有新回复\n\n您的工单有新的回复。\n\n[查看详情](https://mc.example.cn/workorder)',
      },
    })
  })

  it('DingTalk without a secret: the address as saved', async () => {
    const fake = fakeFetch(200, { errcode: 0, errmsg: 'ok' })
    await poster(fake.fetch).post({ url: DINGTALK, secret: null }, MESSAGE)
    expect(fake.calls[0].url).toBe(DINGTALK)
  })

  it('Feishu: a post message with timestamp (s) and sign in the body', async () => {
    const fake = fakeFetch(200, { code: 0, msg: 'success', data: {} })
    await poster(fake.fetch).post({ url: FEISHU, secret: 'abc12345' }, MESSAGE)
    const timestamp = Math.floor(AT.getTime() / 1000)
    expect(fake.calls[0].url).toBe(FEISHU)
    expect(fake.bodyOf()).toEqual({
      timestamp: String(timestamp),
      sign: feishuSign(timestamp, 'abc12345'),
      msg_type: 'post',
      content: {
        post: {
          zh_cn: {
            title: '工单有新回复',
            content: [
              [{ tag: 'text', text: '您的工单有新的回复。' }],
              [{ tag: 'a', text: '查看详情', href: 'https://mc.example.cn/workorder' }],
            ],
          },
        },
      },
    })
  })

  it('WeCom: markdown, no signature', async () => {
    const fake = fakeFetch(200, { errcode: 0, errmsg: 'ok' })
    await poster(fake.fetch).post({ url: WECOM, secret: null }, MESSAGE)
    expect(fake.calls[0].url).toBe(WECOM)
    expect(fake.bodyOf()).toEqual({
      msgtype: 'markdown',
      markdown: {
        content: '**工单有新回复**\n您的工单有新的回复。\n[查看详情](https://mc.example.cn/workorder)',
      },
    })
  })

  it('a development base replaces only the platform’s origin', async () => {
    const fake = fakeFetch(200, { errcode: 0, errmsg: 'ok' })
    await createRobotPoster({ fetch: fake.fetch, base: 'http://127.0.0.1:9999' }).post(
      { url: WECOM, secret: null },
      MESSAGE,
    )
    expect(fake.calls[0].url).toBe('http://127.0.0.1:9999/cgi-bin/webhook/send?key=abcdefgh-1234')
  })
})

describe('answers', () => {
  it.each([
    [DINGTALK, 200, { errcode: 310000, errmsg: 'sign not match' }, 'refused', 'sign not match（310000）'],
    [DINGTALK, 200, { errcode: 130101, errmsg: 'send too fast' }, 'retry', 'send too fast（130101）'],
    [
      DINGTALK,
      200,
      { errcode: 300001, errmsg: 'token is not exist' },
      'refused',
      'token is not exist（300001）',
    ],
    [FEISHU, 200, { code: 19021, msg: 'sign match fail' }, 'refused', 'sign match fail（19021）'],
    [FEISHU, 200, { StatusCode: 0, StatusMessage: 'success' }, 'sent', null],
    [FEISHU, 200, { code: 11232, msg: 'frequency limited' }, 'retry', 'frequency limited（11232）'],
    [
      WECOM,
      200,
      { errcode: 93000, errmsg: 'invalid webhook url' },
      'refused',
      'invalid webhook url（93000）',
    ],
    [
      WECOM,
      200,
      { errcode: 45009, errmsg: 'api freq out of limit' },
      'retry',
      'api freq out of limit（45009）',
    ],
    [WECOM, 502, '<html>bad gateway</html>', 'retry', null],
    [WECOM, 429, '', 'retry', null],
    [WECOM, 302, '', 'refused', null],
    [WECOM, 404, 'not found', 'refused', null],
  ])('%s answering %i %j is %s', async (url, status, body, outcome, detail) => {
    const answer = await poster(fakeFetch(status, body).fetch).post({ url, secret: null }, MESSAGE)
    expect(answer.result.outcome).toBe(outcome)
    expect(answer.detail).toBe(detail)
  })

  it('a connection failure or a timeout is worth another try', async () => {
    const failing: RobotFetch = async () => {
      throw new TypeError('fetch failed')
    }
    expect((await poster(failing).post({ url: WECOM, secret: null }, MESSAGE)).result).toEqual({
      outcome: 'retry',
      code: 'network',
    })
    const slow: RobotFetch = (_, init) =>
      new Promise((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      )
    const timed = createRobotPoster({ fetch: slow, timeoutMs: 20 })
    expect((await timed.post({ url: WECOM, secret: null }, MESSAGE)).result).toEqual({
      outcome: 'retry',
      code: 'timeout',
    })
  })

  it('posts nothing to an address off the platforms', async () => {
    const fake = fakeFetch(200, { errcode: 0 })
    const answer = await poster(fake.fetch).post(
      { url: 'https://127.0.0.1/robot/send?access_token=abcdefgh', secret: null },
      MESSAGE,
    )
    expect(answer.result).toMatchObject({ outcome: 'refused' })
    expect(fake.calls).toEqual([])
  })
})

describe('what 发送测试 shows', () => {
  it.each([
    [{ outcome: 'sent' } as const, null, { ok: true, message: '发送成功' }],
    [
      { outcome: 'refused', reason: 'other', code: '310000' } as const,
      'sign not match（310000）',
      { ok: false, message: 'sign not match（310000）' },
    ],
    [
      { outcome: 'refused', reason: 'other', code: 'http 302' } as const,
      null,
      { ok: false, message: '机器人地址返回了跳转，未发送' },
    ],
    [
      { outcome: 'refused', reason: 'other', code: 'http 404' } as const,
      null,
      { ok: false, message: '机器人所在平台拒绝了此消息（http 404）' },
    ],
    [
      { outcome: 'retry', code: 'timeout' } as const,
      null,
      { ok: false, message: '机器人所在平台暂未应答，请稍后重试' },
    ],
  ])('%j → %j', (result, detail, shown) => {
    expect(testAnswer(result, detail)).toEqual(shown)
  })
})

describe('a notice as a robot’s text', () => {
  it('drops the markup, keeps the lines, reads the entities', () => {
    expect(
      noticePlainText('<p>您的工单 &lt;W1&gt; 有新回复。</p><p>请&nbsp;查看<br/>详情 &amp; 评价</p>'),
    ).toBe('您的工单 <W1> 有新回复。\n请 查看\n详情 & 评价')
  })

  it('cuts a long notice with …', () => {
    const text = noticePlainText(`<p>${'长'.repeat(ROBOT_TEXT_MAX + 50)}</p>`)
    expect(text).toHaveLength(ROBOT_TEXT_MAX)
    expect(text.endsWith('…')).toBe(true)
  })
})
