// A fake of the three group-robot platforms on 127.0.0.1 (ROBOT_WEBHOOK_BASE points the server at
// it): records every post and checks it as the platform would: DingTalk's `timestamp` and `sign`
// query (HMAC-SHA256 keyed with the secret over `timestamp\nsecret`), Feishu's body `timestamp` and
// `sign` (HMAC-SHA256 keyed with `timestamp\nsecret` over nothing), WeCom's key. A token named
// `redirect` answers 302 to /landed, which records being reached.
import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RobotPost {
  path: string
  query: URLSearchParams
  body: Record<string, unknown>
}

export interface FakeRobots {
  base: string
  posts: RobotPost[]
  /** The secret each token's robot was given (absent: the robot has no signature check). */
  secrets: Map<string, string>
  /** Answers the next post with this instead of checking it. */
  answerNext(status: number, body: unknown): void
  landed: number
  close(): Promise<void>
}

const base64Hmac = (key: string, message: string) =>
  crypto.createHmac('sha256', key).update(message).digest('base64')

export async function startFakeRobots(): Promise<FakeRobots> {
  const posts: RobotPost[] = []
  const secrets = new Map<string, string>()
  let next: { status: number; body: unknown } | null = null
  const fake = { landed: 0 } as FakeRobots

  function verdict(post: RobotPost): { status: number; body: unknown } {
    if (post.path.startsWith('/robot/send')) {
      const secret = secrets.get(post.query.get('access_token') ?? '')
      const timestamp = post.query.get('timestamp') ?? ''
      const signed = secret && post.query.get('sign') === base64Hmac(secret, `${timestamp}\n${secret}`)
      if (secret && (!signed || Math.abs(Date.now() - Number(timestamp)) > 3_600_000))
        return { status: 200, body: { errcode: 310000, errmsg: 'sign not match' } }
      return { status: 200, body: { errcode: 0, errmsg: 'ok' } }
    }
    if (post.path.startsWith('/open-apis/bot/v2/hook/')) {
      const secret = secrets.get(post.path.split('/').pop() ?? '')
      const timestamp = String(post.body.timestamp ?? '')
      if (secret && post.body.sign !== base64Hmac(`${timestamp}\n${secret}`, ''))
        return {
          status: 200,
          body: { code: 19021, msg: 'sign match fail or timestamp is not within one hour' },
        }
      return { status: 200, body: { code: 0, msg: 'success', data: {} } }
    }
    if (post.path.startsWith('/cgi-bin/webhook/send')) {
      if (post.query.get('key') === 'gone-robot-key')
        return { status: 200, body: { errcode: 93000, errmsg: 'invalid webhook url' } }
      return { status: 200, body: { errcode: 0, errmsg: 'ok' } }
    }
    return { status: 404, body: 'not found' }
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake')
      if (url.pathname === '/landed') {
        fake.landed += 1
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"errcode":0,"errmsg":"ok"}')
        return
      }
      const text = Buffer.concat(chunks).toString('utf8')
      const post = {
        path: `${url.pathname}${url.search}`,
        query: url.searchParams,
        body: JSON.parse(text || '{}'),
      }
      posts.push(post)
      if (url.searchParams.get('access_token') === 'redirect-robot-token') {
        res.writeHead(302, { location: '/landed' }).end()
        return
      }
      const answer = next ?? verdict(post)
      next = null
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return Object.assign(fake, {
    base: `http://127.0.0.1:${port}`,
    posts,
    secrets,
    answerNext(status: number, body: unknown) {
      next = { status, body }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  })
}
