// The payment providers' settings checks (server/providers/payment/settings.ts), which the start-up
// and `providers:check` run: presence and format, key files that parse, endpoints https on the
// providers' own hosts; nothing is sent anywhere.
import path from 'node:path'
import { checkAlipay } from '../../../server/providers/payment/alipay'
import { loadPaymentSettings } from '../../../server/config/payment'
import { checkWechatPay } from '../../../server/providers/payment/wechatpay'
import { openPayer, sealPayer } from '../../../server/services/payments/wechat-payer'
import { paymentEnv } from '../support/payment-env'

const payment = paymentEnv('pay-settings')
const { dir, file, privatePkcs8, privatePkcs1, publicKey, wechat } = payment
const alipay = payment.alipay
const notAKey = file('garbage.pem', '-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----\n')
const PUB_KEY_ID = wechat.WECHATPAY_PUBLIC_KEY_ID

// Two self-signed certificates standing in for WeChat Pay platform certificates
// (openssl req -x509 -newkey rsa:1024 -set_serial 0x7A1C… / 0x2B4D…).
const CERT_A_SERIAL = '7A1C2E4F6B8D0A3C5E7F9B1D3F5A7C9E1B3D5F70'
const certA = file(
  'platform-a.pem',
  `-----BEGIN CERTIFICATE-----
MIICQjCCAaugAwIBAgIUehwuT2uNCjxef5sdP1p8nhs9X3AwDQYJKoZIhvcNAQEL
BQAwMjETMBEGA1UECgwKVGVucGF5LmNvbTEbMBkGA1UEAwwSVGVucGF5LmNvbSBS
b290IENBMCAXDTI2MTIwNjA3MzkyNFoYDzIxMjYxMTEyMDczOTI0WjAyMRMwEQYD
VQQKDApUZW5wYXkuY29tMRswGQYDVQQDDBJUZW5wYXkuY29tIFJvb3QgQ0EwgZ8w
DQYJKoZIhvcNAQEBBQADgY0AMIGJAoGBALdw2TBoCgYAd9fgWvv/oM6wFhthb10l
CiNr0Aw4BH00cjp8CFsdzRPoO9ezDCMu7UpdQ4Tz/sJvATEFU4/s8u8mt84wf7qj
+icHaMKgkFjGNq08bNOzRntRxBOzW2ttdYww4U6VhbBbyYi+onZsiB2MwEsnUxav
iufGyF2mz87lAgMBAAGjUzBRMB0GA1UdDgQWBBQQwJA1dZDwmUIdlFhJ6TTKi3Yt
WjAfBgNVHSMEGDAWgBQQwJA1dZDwmUIdlFhJ6TTKi3YtWjAPBgNVHRMBAf8EBTAD
AQH/MA0GCSqGSIb3DQEBCwUAA4GBALTcp3n7LDYEsZDqXmac5rLzQgE0QNqUx/ee
N9zqxhF1oaGtHdHspqOS0IHIJ5QX9KQokim66cn8N1CjS0YEIedUoEH+/6QyW1or
R7BSI/Oqp2BIkh4KNPwxkl5GtEe0VjSMwAxCP1SOOkaWVsW2uHqwysNSbriQXeB6
0H7zPNoG
-----END CERTIFICATE-----
`,
)
const CERT_B_SERIAL = '2B4D6F8A1C3E5A7C9E1B3D5F7A9C1E3B5D7F9A12'
const certB = file(
  'platform-b.pem',
  `-----BEGIN CERTIFICATE-----
MIICQjCCAaugAwIBAgIUK01vihw+WnyeGz1fepweO11/mhIwDQYJKoZIhvcNAQEL
BQAwMjETMBEGA1UECgwKVGVucGF5LmNvbTEbMBkGA1UEAwwSVGVucGF5LmNvbSBS
b290IENBMCAXDTI2MTIwNjA3MzkyNFoYDzIxMjYxMTEyMDczOTI0WjAyMRMwEQYD
VQQKDApUZW5wYXkuY29tMRswGQYDVQQDDBJUZW5wYXkuY29tIFJvb3QgQ0EwgZ8w
DQYJKoZIhvcNAQEBBQADgY0AMIGJAoGBAMNFbr8XiTrnX7D+zCQm7AcaIPiImJ3J
WChyXDz+P8E+lhVTAt8NzFokb487H4KxjU8y/HhRyTffaQk2E0O6nmknXldkzOfe
5spEPdNddOmlfhdEzkxh6p+eFlFHrDZi+AaN9TQC6L4qHCjmJfYISn2MWSOhfFwL
CLvV6Ztm8tdvAgMBAAGjUzBRMB0GA1UdDgQWBBSzFGbDpi6nSKYQ25CEmjtppFf8
gDAfBgNVHSMEGDAWgBSzFGbDpi6nSKYQ25CEmjtppFf8gDAPBgNVHRMBAf8EBTAD
AQH/MA0GCSqGSIb3DQEBCwUAA4GBAEfRS3LMrCTxVHEa0LIhU4hjnex/ReCQBxNq
/xv39r1PG1HgT+OK0C8HBEaGie7If1E/Ee6ZNx5mc4oBEjT4BPl7ldsL7oIjEYB9
7878mBPAKIe+zB6/vr0CGLjVM5OTcl4IG42jebCPl4NNtDvMgpuQe1KVoayzE84a
eo2tmuze
-----END CERTIFICATE-----
`,
)
const { WECHATPAY_PUBLIC_KEY_FILE: _file, WECHATPAY_PUBLIC_KEY_ID: _id, ...wechatWithoutKeys } = wechat
const keyIds = (env: Record<string, string>) =>
  checkWechatPay(env).settings?.platformKeys.map((key) => key.id)

describe('WeChat Pay settings', () => {
  it('none set: off, with nothing to report', () => {
    expect(checkWechatPay({})).toEqual({ configured: false, problems: [], settings: null })
  })

  it('a complete set passes, the official account appid defaulting to WECHAT_OAUTH_APPID', () => {
    const { WECHATPAY_APPID, ...rest } = wechat
    const check = checkWechatPay({ ...rest, WECHAT_OAUTH_APPID: WECHATPAY_APPID })
    expect(check.problems).toEqual([])
    expect(check.settings).toMatchObject({ mchid: '1900000109', appId: WECHATPAY_APPID, miniAppId: null })
    expect(check.settings!.platformKeys.map((key) => key.id)).toEqual([PUB_KEY_ID])
    expect(check.settings!.publicKeyId).toBe(PUB_KEY_ID)
  })

  it('during a rotation the public key and several platform certificates are all keys, each by its id', () => {
    const rotating = { ...wechat, WECHATPAY_PLATFORM_CERT_FILES: `${certA}, ${certB}` }
    expect(checkWechatPay(rotating).problems).toEqual([])
    expect(keyIds(rotating)).toEqual([PUB_KEY_ID, CERT_A_SERIAL, CERT_B_SERIAL])
    expect(checkWechatPay(rotating).settings!.publicKeyId).toBe(PUB_KEY_ID)
    // Certificates only (the singular variable still read): no public key id to send.
    const certificates = { ...wechatWithoutKeys, WECHATPAY_PLATFORM_CERT_FILE: certA }
    expect(keyIds(certificates)).toEqual([CERT_A_SERIAL])
    expect(checkWechatPay(certificates).settings!.publicKeyId).toBeNull()
    expect(keyIds({ ...certificates, WECHATPAY_PLATFORM_CERT_FILES: certB })).toEqual([
      CERT_B_SERIAL,
      CERT_A_SERIAL,
    ])
  })

  it('wants at least one key, each certificate readable, and no id twice', () => {
    expect(checkWechatPay(wechatWithoutKeys).problems).toEqual([
      'neither WECHATPAY_PUBLIC_KEY_FILE + WECHATPAY_PUBLIC_KEY_ID nor WECHATPAY_PLATFORM_CERT_FILES is set',
    ])
    expect(
      checkWechatPay({ ...wechat, WECHATPAY_PLATFORM_CERT_FILES: `${certA},${publicKey}` }).problems,
    ).toEqual([`WECHATPAY_PLATFORM_CERT_FILES: ${publicKey} is not an X.509 certificate in PEM`])
    const twice = checkWechatPay({ ...wechatWithoutKeys, WECHATPAY_PLATFORM_CERT_FILES: `${certA},${certA}` })
    expect(twice.problems).toEqual([
      `WECHATPAY_PLATFORM_CERT_FILES: the certificate ${CERT_A_SERIAL} is named twice`,
    ])
    expect(twice.settings).toBeNull()
    // The id without its key file is half a key.
    expect(checkWechatPay({ ...wechatWithoutKeys, WECHATPAY_PUBLIC_KEY_ID: PUB_KEY_ID }).problems).toEqual([
      'WECHATPAY_PUBLIC_KEY_FILE is not set',
    ])
  })

  it.each([
    ['WECHATPAY_MCHID', 'abc', 'WECHATPAY_MCHID does not look like a merchant id (8 to 10 digits)'],
    ['WECHATPAY_APIV3_KEY', 'short', 'WECHATPAY_APIV3_KEY is not 32 characters'],
    ['WECHATPAY_PRIVATE_KEY_FILE', notAKey, 'WECHATPAY_PRIVATE_KEY_FILE is not an RSA private key in PEM'],
    [
      'WECHATPAY_PRIVATE_KEY_FILE',
      path.join(dir, 'missing.pem'),
      `WECHATPAY_PRIVATE_KEY_FILE: cannot read ${path.join(dir, 'missing.pem')}`,
    ],
    [
      'WECHATPAY_PUBLIC_KEY_ID',
      '123',
      'WECHATPAY_PUBLIC_KEY_ID does not look like a WeChat Pay public key id (PUB_KEY_ID_…)',
    ],
    ['WECHATPAY_APPID', 'wx123', 'WECHATPAY_APPID does not look like a WeChat appid (wx + 16 hex)'],
    ['WECHATPAY_SERIAL', '', 'WECHATPAY_SERIAL is not set'],
  ])('names a bad %s', (name, value, problem) => {
    const check = checkWechatPay({ ...wechat, [name]: value })
    expect(check.problems).toEqual([problem])
    expect(check.settings).toBeNull()
  })

  it('the start refuses a partial configuration, naming each problem', () => {
    expect(() => loadPaymentSettings({ WECHATPAY_MCHID: '1900000109' })).toThrow(
      /WECHATPAY_SERIAL is not set; WECHATPAY_PRIVATE_KEY_FILE is not set; WECHATPAY_APIV3_KEY is not 32 characters/,
    )
    expect(loadPaymentSettings({})).toEqual({ wechatPay: null, alipay: null })
  })
})

describe('Alipay settings', () => {
  it('public-key mode passes; the key type follows the PEM header', () => {
    const check = checkAlipay(alipay)
    expect(check.problems).toEqual([])
    expect(check.settings).toMatchObject({
      appId: alipay.ALIPAY_APP_ID,
      keyType: 'PKCS1',
      sellerId: alipay.ALIPAY_SELLER_ID,
      gateway: 'https://openapi.alipay.com/gateway.do',
    })
    expect(checkAlipay({ ...alipay, ALIPAY_PRIVATE_KEY_FILE: privatePkcs8 }).settings?.keyType).toBe('PKCS8')
  })

  it.each([
    ['ALIPAY_APP_ID', '12345', 'ALIPAY_APP_ID does not look like an Alipay app id (16 digits)'],
    ['ALIPAY_PUBLIC_KEY_FILE', privatePkcs1, 'ALIPAY_PUBLIC_KEY_FILE is not an RSA public key in PEM'],
    ['ALIPAY_GATEWAY', 'not a url', 'ALIPAY_GATEWAY is not an http(s) URL'],
    // The merchant's PID: notifications for another seller are refused against it.
    ['ALIPAY_SELLER_ID', '', 'ALIPAY_SELLER_ID is not set'],
    ['ALIPAY_SELLER_ID', '2088123', 'ALIPAY_SELLER_ID does not look like a merchant PID (2088 + 12 digits)'],
    [
      'ALIPAY_SELLER_ID',
      '2021000000000001',
      'ALIPAY_SELLER_ID does not look like a merchant PID (2088 + 12 digits)',
    ],
  ])('names a bad %s', (name, value, problem) => {
    expect(checkAlipay({ ...alipay, [name]: value }).problems).toEqual([problem])
  })

  it('certificate mode needs the three certificates', () => {
    const { ALIPAY_PUBLIC_KEY_FILE: _unused, ...rest } = alipay
    const check = checkAlipay({ ...rest, ALIPAY_APP_CERT_FILE: publicKey })
    expect(check.problems).toEqual([
      'ALIPAY_APP_CERT_FILE is not an X.509 certificate in PEM',
      'ALIPAY_PUBLIC_CERT_FILE is not set',
      'ALIPAY_ROOT_CERT_FILE is not set',
    ])
  })
})

describe("payment endpoints: https on the providers' own hosts", () => {
  const UNSAFE = { PROVIDER_ENDPOINTS_UNSAFE: '1' }
  type Env = Record<string, string>
  const providers = [
    {
      name: 'WeChat Pay',
      variable: 'WECHATPAY_BASE_URL',
      hosts: 'api.mch.weixin.qq.com or api2.mch.weixin.qq.com',
      env: wechat as Env,
      read: (env: Env) => {
        const { problems, settings } = checkWechatPay(env)
        return { problems, url: settings?.baseUrl ?? null }
      },
    },
    {
      name: 'Alipay',
      variable: 'ALIPAY_GATEWAY',
      hosts: 'openapi.alipay.com',
      env: alipay as Env,
      read: (env: Env) => {
        const { problems, settings } = checkAlipay(env)
        return { problems, url: settings?.gateway ?? null }
      },
    },
  ]

  it.each(providers)(
    '$name: an http endpoint and a foreign host are refused',
    ({ variable, hosts, env, read }) => {
      expect(read({ ...env, [variable]: 'http://127.0.0.1:8123/' })).toEqual({
        problems: [
          `${variable} is not https: http://127.0.0.1:8123`,
          `${variable} is on 127.0.0.1, not ${hosts}`,
        ],
        url: null,
      })
      // A look-alike name is another host.
      expect(read({ ...env, [variable]: 'https://openapi.alipay.com.example.net/' }).problems).toEqual([
        `${variable} is on openapi.alipay.com.example.net, not ${hosts}`,
      ])
    },
  )

  it.each(providers)(
    '$name: PROVIDER_ENDPOINTS_UNSAFE=1 lets tests reach a fake on loopback',
    ({ variable, env, read }) => {
      expect(read({ ...env, ...UNSAFE, [variable]: 'http://127.0.0.1:8123/' })).toEqual({
        problems: [],
        url: 'http://127.0.0.1:8123/',
      })
    },
  )

  it("takes the providers' own hosts, by default or named", () => {
    expect(checkWechatPay(wechat).settings!.baseUrl).toBe('https://api.mch.weixin.qq.com/')
    const backup = checkWechatPay({ ...wechat, WECHATPAY_BASE_URL: 'https://api2.mch.weixin.qq.com/' })
    expect(backup.problems).toEqual([])
    expect(backup.settings!.baseUrl).toBe('https://api2.mch.weixin.qq.com/')
    expect(
      checkAlipay({ ...alipay, ALIPAY_GATEWAY: 'https://openapi.alipay.com/gateway.do' }).problems,
    ).toEqual([])
  })

  it('the start refuses them too, naming each', () => {
    expect(() =>
      loadPaymentSettings({ ...wechat, WECHATPAY_BASE_URL: 'http://api.mch.weixin.qq.com/' }),
    ).toThrow(/WECHATPAY_BASE_URL is not https: http:\/\/api\.mch\.weixin\.qq\.com/)
  })
})

describe('the sealed JSAPI payer', () => {
  const at = new Date('2026-11-27T08:00:00Z')
  it('opens with its key within two hours, and not forged, with another key or later', () => {
    const token = sealPayer('o-payer', 'key', at)
    expect(openPayer(token, 'key', at)).toBe('o-payer')
    expect(openPayer(token, 'other', at)).toBeNull()
    expect(
      openPayer(token.replace(/^[^.]+/, Buffer.from('o-other').toString('base64url')), 'key', at),
    ).toBeNull()
    expect(openPayer(token, 'key', new Date(at.getTime() + 2 * 3600_000 + 1000))).toBeNull()
    expect(openPayer(undefined, 'key', at)).toBeNull()
  })
})
