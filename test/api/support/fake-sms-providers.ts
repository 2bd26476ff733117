// Local stand-ins for Aliyun SMS and Tencent Cloud SMS: HTTP servers on loopback that check each
// request's signature the way the provider documents it (keys made by the test), answer with the
// documented shapes, and record what was sent. A request they would refuse gets the provider's
// own error answer, so the adapters' handling of it is what runs. Besides sending, each answers
// the search of its send records the outbox makes before sending again: Aliyun QuerySendDetails
// (by phone and day, paged) and Tencent Cloud PullSmsSendStatusByPhoneNumber (a phone's delivery
// reports since a time), both listing what `received` holds.
//   Aliyun V3 (ACS3-HMAC-SHA256): https://help.aliyun.com/zh/sdk/product-overview/v3-request-structure-and-signature
//   Tencent Cloud TC3-HMAC-SHA256: https://cloud.tencent.com/document/api/382/52071
import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { SMS_TEMPLATES, type SmsTemplate } from '../../../server/config/providers'

const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex')
const hmac = (key: string | Buffer, data: string) => crypto.createHmac('sha256', key).update(data).digest()
const randomAlnum = (length: number) =>
  Array.from(
    crypto.randomBytes(length),
    (byte) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'[byte % 62],
  ).join('')

/** One delivered message as the provider saw it. */
export interface Received {
  phone: string
  template: string
  params: Record<string, string> | string[]
  /** Aliyun OutId / Tencent Cloud SessionContext: the outbox's correlation id. */
  key: string
  signName: string
  /** The provider's id for it: Aliyun BizId / Tencent Cloud SerialNo. */
  messageId: string
  /** By the fake's clock. */
  sentAt: Date
}

/**
 * What the fake answers for a phone instead of sending: a provider error code, silence ('hang'),
 * or 'lose': it sends, then drops the connection before answering (the answer is lost).
 */
export type Behaviour = { code: string; status?: number } | 'hang' | 'lose'

export interface FakeOptions {
  /** The provider's clock, which dates its send records (the test's clock); the signatures' timestamps are checked against real time all the same. */
  now?: () => Date
}

interface FakeBase {
  url: string
  received: Received[]
  /** Requests refused for a bad signature, a stale timestamp or a replayed nonce. */
  rejected: string[]
  /** Makes the next sends to `phone` (or every send: '*') answer this way. */
  behave(phone: string, behaviour: Behaviour | null): void
  /** Answers every hanging request (with success) so the test can end. */
  release(): void
  close(): Promise<void>
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

async function listen(
  handler: (req: http.IncomingMessage, body: Buffer, res: http.ServerResponse) => void,
): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer((req, res) => {
    readBody(req).then(
      (body) => handler(req, body, res),
      () => res.destroy(),
    )
  })
  // Real gateways keep connections open longer than Node's 5 s default; a shorter wait makes the
  // SDK's keep-alive reuse a socket just closed (a reset, retried, but noise in a test's counts).
  server.keepAliveTimeout = 120_000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

function behaviours() {
  const byPhone = new Map<string, Behaviour>()
  const hanging: (() => void)[] = []
  return {
    behave: (phone: string, behaviour: Behaviour | null) =>
      behaviour ? byPhone.set(phone, behaviour) : byPhone.delete(phone),
    of: (phone: string) => byPhone.get(phone) ?? byPhone.get('*'),
    hang: (answer: () => void) => hanging.push(answer),
    release: () => hanging.splice(0).forEach((answer) => answer()),
  }
}

/** A lost answer: the connection closes with nothing said. */
function dropConnection(res: http.ServerResponse) {
  res.socket?.destroy()
}

const DAY_MS = 86_400_000
/** Aliyun dates its records in China Standard Time. */
const chinaTime = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString()
const chinaDate = (at: Date) => chinaTime(at).slice(0, 10).replace(/-/g, '')
const chinaDateTime = (at: Date) => chinaTime(at).slice(0, 19).replace('T', ' ')

/** RFC 3986 percent-encoding, as Aliyun's canonical query string uses it. */
function percentEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
}

export interface FakeAliyun extends FakeBase {
  accessKeyId: string
  accessKeySecret: string
}

/** Aliyun dysmsapi SendSms and QuerySendDetails (RPC style, V3 signature). */
export async function startFakeAliyunSms({ now = () => new Date() }: FakeOptions = {}): Promise<FakeAliyun> {
  const accessKeyId = `LTAI${randomAlnum(20)}`
  const accessKeySecret = randomAlnum(30)
  const received: Received[] = []
  const rejected: string[] = []
  const nonces = new Set<string>()
  const rules = behaviours()

  function signatureProblem(req: http.IncomingMessage, url: URL, body: Buffer): string | null {
    const auth = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
      String(req.headers.authorization ?? ''),
    )
    if (!auth) return 'MissingAuthorization'
    const [, credential, signedHeaders, signature] = auth
    if (credential !== accessKeyId) return 'InvalidAccessKeyId.NotFound'
    const hashedPayload = String(req.headers['x-acs-content-sha256'] ?? '')
    if (hashedPayload !== sha256(body)) return 'IncompleteSignature'
    const names = signedHeaders.split(';')
    for (const required of ['host', 'x-acs-action', 'x-acs-date', 'x-acs-signature-nonce', 'x-acs-version'])
      if (!names.includes(required)) return 'IncompleteSignature'
    const date = Date.parse(String(req.headers['x-acs-date']))
    if (!Number.isFinite(date) || Math.abs(Date.now() - date) > 15 * 60_000) return 'InvalidTimeStamp.Expired'
    const nonce = String(req.headers['x-acs-signature-nonce'])
    if (nonces.has(nonce)) return 'SignatureNonceUsed'
    const query = [...url.searchParams.entries()]
      .map(([key, value]) => [percentEncode(key), percentEncode(value)])
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, value]) => `${key}=${value}`)
      .join('&')
    const headers = [...names]
      .sort()
      .map((name) => `${name}:${String(req.headers[name] ?? '').trim()}\n`)
      .join('')
    const canonical = [req.method, url.pathname, query, headers, signedHeaders, hashedPayload].join('\n')
    const expected = hmac(accessKeySecret, `ACS3-HMAC-SHA256\n${sha256(canonical)}`).toString('hex')
    const same = crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature))
    if (!same) return 'SignatureDoesNotMatch'
    nonces.add(nonce)
    return null
  }

  /** SendSms: a 200 answer with Code OK and the BizId, or with the refusal's code. */
  function sendSms(q: URLSearchParams, res: http.ServerResponse, RequestId: string) {
    const phone = q.get('PhoneNumbers') ?? ''
    if (!/^1\d{10}$/.test(phone))
      return json(res, 200, { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: '非法手机号', RequestId })
    const behaviour = rules.of(phone)
    const record = () => {
      const message: Received = {
        phone,
        template: q.get('TemplateCode') ?? '',
        params: JSON.parse(q.get('TemplateParam') ?? '{}') as Record<string, string>,
        key: q.get('OutId') ?? '',
        signName: q.get('SignName') ?? '',
        messageId: `${crypto.randomInt(100_000_000_000, 999_999_999_999)}^0`,
        sentAt: now(),
      }
      received.push(message)
      return message
    }
    const accept = () => {
      const { messageId } = record()
      json(res, 200, { Code: 'OK', Message: 'OK', BizId: messageId, RequestId })
    }
    if (behaviour === 'hang') return rules.hang(accept)
    if (behaviour === 'lose') {
      record()
      return dropConnection(res)
    }
    if (behaviour)
      return json(res, behaviour.status ?? 200, { Code: behaviour.code, Message: behaviour.code, RequestId })
    accept()
  }

  /**
   * QuerySendDetails: one phone's records of one day (yyyyMMdd, China time, within the last 30
   * days), PageSize 1-50 a page. The records carry OutId, not BizId.
   */
  function querySendDetails(q: URLSearchParams, res: http.ServerResponse, RequestId: string) {
    for (const name of ['PhoneNumber', 'SendDate', 'PageSize', 'CurrentPage'])
      if (!q.get(name))
        return json(res, 400, { Code: `Missing${name}`, Message: `${name} is mandatory`, RequestId })
    const phone = q.get('PhoneNumber') ?? ''
    if (!/^1\d{10}$/.test(phone))
      return json(res, 200, { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: '非法手机号', RequestId })
    const sendDate = q.get('SendDate') ?? ''
    const pageSize = Number(q.get('PageSize'))
    const page = Number(q.get('CurrentPage'))
    const today = now()
    const recent = Array.from({ length: 30 }, (_, i) => chinaDate(new Date(today.getTime() - i * DAY_MS)))
    const valid =
      recent.includes(sendDate) &&
      Number.isInteger(pageSize) &&
      pageSize >= 1 &&
      pageSize <= 50 &&
      Number.isInteger(page) &&
      page >= 1
    if (!valid) return json(res, 200, { Code: 'isv.INVALID_PARAMETERS', Message: '参数异常', RequestId })
    const records = received.filter((m) => m.phone === phone && chinaDate(m.sentAt) === sendDate)
    const detail = (m: Received) => ({
      PhoneNum: m.phone,
      SendStatus: 3,
      ErrCode: 'DELIVERED',
      TemplateCode: m.template,
      Content: `【${m.signName}】${JSON.stringify(m.params)}`,
      SendDate: chinaDateTime(m.sentAt),
      ReceiveDate: chinaDateTime(m.sentAt),
      OutId: m.key,
    })
    json(res, 200, {
      Code: 'OK',
      Message: 'OK',
      RequestId,
      TotalCount: records.length,
      SmsSendDetailDTOs: {
        SmsSendDetailDTO: records.slice((page - 1) * pageSize, page * pageSize).map(detail),
      },
    })
  }

  const actions: Record<string, typeof sendSms> = {
    SendSms: sendSms,
    QuerySendDetails: querySendDetails,
  }

  const { server, url } = await listen((req, body, res) => {
    const requestUrl = new URL(req.url ?? '/', 'http://fake')
    const RequestId = crypto.randomUUID()
    const problem = signatureProblem(req, requestUrl, body)
    if (problem) {
      rejected.push(problem)
      return json(res, problem === 'SignatureDoesNotMatch' ? 400 : 403, {
        Code: problem,
        Message: problem,
        RequestId,
      })
    }
    const action = actions[String(req.headers['x-acs-action'])]
    if (!action || req.headers['x-acs-version'] !== '2017-05-25')
      return json(res, 404, { Code: 'InvalidAction.NotFound', Message: 'no such action', RequestId })
    action(requestUrl.searchParams, res, RequestId)
  })
  return {
    url,
    accessKeyId,
    accessKeySecret,
    received,
    rejected,
    behave: rules.behave,
    release: rules.release,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

export interface FakeTencent extends FakeBase {
  secretId: string
  secretKey: string
  sdkAppId: string
}

/** Tencent Cloud sms 2021-01-11 SendSms and PullSmsSendStatusByPhoneNumber (TC3-HMAC-SHA256). */
export async function startFakeTencentSms({
  now = () => new Date(),
}: FakeOptions = {}): Promise<FakeTencent> {
  const secretId = `AKID${randomAlnum(32)}`
  const secretKey = randomAlnum(32)
  const sdkAppId = `14${crypto.randomInt(10_000_000, 99_999_999)}`
  const received: Received[] = []
  const rejected: string[] = []
  const rules = behaviours()

  function signatureProblem(req: http.IncomingMessage, body: Buffer): string | null {
    const auth =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
        String(req.headers.authorization ?? ''),
      )
    if (!auth) return 'AuthFailure.SignatureFailure'
    const [, id, date, service, signedHeaders, signature] = auth
    if (id !== secretId) return 'AuthFailure.SecretIdNotFound'
    const timestamp = Number(req.headers['x-tc-timestamp'])
    if (!Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300)
      return 'AuthFailure.SignatureExpire'
    if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date) return 'AuthFailure.SignatureFailure'
    // Tencent Cloud names the service by the first label of the host the call is signed for.
    if (
      service !==
      String(req.headers.host ?? '')
        .replace(/:\d+$/, '')
        .split('.')[0]
    )
      return 'AuthFailure.SignatureFailure'
    const names = signedHeaders.split(';')
    if (!names.includes('content-type') || !names.includes('host')) return 'AuthFailure.SignatureFailure'
    // The real endpoint has no port, and the SDK signs the host name alone: so does this fake.
    const hostname = String(req.headers.host ?? '').replace(/:\d+$/, '')
    const value = (name: string) =>
      name === 'host'
        ? hostname
        : String(req.headers[name] ?? '')
            .trim()
            .toLowerCase()
    const headers = names.map((name) => `${name}:${value(name)}\n`).join('')
    const canonical = ['POST', '/', '', headers, signedHeaders, sha256(body)].join('\n')
    const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/${service}/tc3_request\n${sha256(canonical)}`
    const signing = hmac(hmac(hmac(`TC3${secretKey}`, date), service), 'tc3_request')
    const expected = hmac(signing, toSign).toString('hex')
    if (!crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature)))
      return 'AuthFailure.SignatureFailure'
    return null
  }

  const failure = (RequestId: string, Code: string) => ({
    Response: { Error: { Code, Message: Code }, RequestId },
  })

  /** SendSms: the one number's SendStatus (Code Ok and its SerialNo, or the refusal's code). */
  function sendSms(input: Record<string, unknown>, res: http.ServerResponse, RequestId: string) {
    const {
      PhoneNumberSet = [],
      SignName,
      TemplateId,
      TemplateParamSet,
      SessionContext,
    } = input as {
      PhoneNumberSet?: string[]
      SignName: string
      TemplateId: string
      TemplateParamSet: string[]
      SessionContext: string
    }
    const phone = (PhoneNumberSet[0] ?? '').replace(/^\+86/, '')
    const status = (Code: string, SerialNo: string = crypto.randomUUID()) => ({
      Response: {
        SendStatusSet: [
          {
            SerialNo,
            PhoneNumber: PhoneNumberSet[0],
            Fee: 1,
            SessionContext,
            Code,
            Message: Code,
            IsoCode: 'CN',
          },
        ],
        RequestId,
      },
    })
    if (!/^1\d{10}$/.test(phone)) return json(res, 200, status('InvalidParameterValue.IncorrectPhoneNumber'))
    const behaviour = rules.of(phone)
    const record = () => {
      const message: Received = {
        phone,
        template: TemplateId,
        params: TemplateParamSet,
        key: SessionContext,
        signName: SignName,
        messageId: `2433:${Array.from(crypto.randomBytes(28), (byte) => byte % 10).join('')}`,
        sentAt: now(),
      }
      received.push(message)
      return message
    }
    const accept = () => json(res, 200, status('Ok', record().messageId))
    if (behaviour === 'hang') return rules.hang(accept)
    if (behaviour === 'lose') {
      record()
      return dropConnection(res)
    }
    if (behaviour)
      return behaviour.status
        ? json(res, behaviour.status, failure(RequestId, behaviour.code))
        : json(res, 200, status(behaviour.code))
    accept()
  }

  /**
   * PullSmsSendStatusByPhoneNumber: one number's delivery reports since BeginTime (at most 7 days
   * back), Offset 0 (the only value it takes), Limit 1-100. Every message here is reported at once,
   * with its SessionContext (which Tencent Cloud returns where it has enabled it for the account).
   */
  function pullSendStatus(input: Record<string, unknown>, res: http.ServerResponse, RequestId: string) {
    for (const name of ['BeginTime', 'Offset', 'Limit', 'PhoneNumber'])
      if (input[name] === undefined) return json(res, 200, failure(RequestId, 'MissingParameter'))
    const { BeginTime, EndTime, Offset, Limit, PhoneNumber } = input as {
      BeginTime: number
      EndTime?: number
      Offset: number
      Limit: number
      PhoneNumber: string
    }
    const phone = /^\+86(1\d{10})$/.exec(PhoneNumber)?.[1]
    if (!phone) return json(res, 200, failure(RequestId, 'InvalidParameterValue.IncorrectPhoneNumber'))
    const nowSeconds = now().getTime() / 1000
    const valid =
      Number.isInteger(BeginTime) &&
      BeginTime >= nowSeconds - 7 * 86_400 &&
      Offset === 0 &&
      Number.isInteger(Limit) &&
      Limit >= 1 &&
      Limit <= 100
    if (!valid) return json(res, 200, failure(RequestId, 'InvalidParameterValue'))
    const seconds = (at: Date) => Math.floor(at.getTime() / 1000)
    const reports = received
      .filter((m) => m.phone === phone && seconds(m.sentAt) >= BeginTime)
      .filter((m) => EndTime === undefined || seconds(m.sentAt) <= EndTime)
      .slice(0, Limit)
      .map((m) => ({
        UserReceiveTime: seconds(m.sentAt),
        CountryCode: '86',
        SubscriberNumber: m.phone,
        PhoneNumber: `+86${m.phone}`,
        SerialNo: m.messageId,
        ReportStatus: 'SUCCESS',
        Description: 'DELIVRD',
        SessionContext: m.key,
      }))
    json(res, 200, { Response: { PullSmsSendStatusSet: reports, RequestId } })
  }

  const actions: Record<string, typeof sendSms> = {
    SendSms: sendSms,
    PullSmsSendStatusByPhoneNumber: pullSendStatus,
  }

  const { server, url } = await listen((req, body, res) => {
    const RequestId = crypto.randomUUID()
    const problem = signatureProblem(req, body)
    if (problem) {
      rejected.push(problem)
      return json(res, 200, failure(RequestId, problem))
    }
    const action = actions[String(req.headers['x-tc-action'])]
    if (!action || req.headers['x-tc-version'] !== '2021-01-11')
      return json(res, 200, {
        Response: { Error: { Code: 'InvalidAction', Message: 'no such action' }, RequestId },
      })
    const input = JSON.parse(body.toString('utf8')) as Record<string, unknown>
    if (input.SmsSdkAppId !== sdkAppId)
      return json(res, 200, failure(RequestId, 'FailedOperation.SdkAppIdNotFound'))
    action(input, res, RequestId)
  })
  return {
    url,
    secretId,
    secretKey,
    sdkAppId,
    received,
    rejected,
    behave: rules.behave,
    release: rules.release,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** Template ids in each provider's format, one per template (providers/settings.ts). */
export function templateIds(style: 'aliyun' | 'tencent') {
  return Object.fromEntries(
    SMS_TEMPLATES.map((name, index) => [
      name,
      style === 'aliyun' ? `SMS_46000${1000 + index}` : `${100000 + index}`,
    ]),
  ) as Record<SmsTemplate, string>
}
