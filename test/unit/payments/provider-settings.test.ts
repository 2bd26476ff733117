// The payment providers' settings checks (server/providers/payment/settings.ts), which the start-up
// and `providers:check` run: presence and format, key files that parse; nothing is sent anywhere.
import path from 'node:path'
import { checkAlipay } from '../../../server/providers/payment/alipay'
import { loadPaymentSettings } from '../../../server/providers/payment/settings'
import { checkWechatPay } from '../../../server/providers/payment/wechatpay'
import { openPayer, sealPayer } from '../../../server/services/payments/wechat-payer'
import { paymentEnv } from '../support/payment-env'

const { dir, file, privatePkcs8, privatePkcs1, publicKey, wechat, alipay } = paymentEnv('pay-settings')
const notAKey = file('garbage.pem', '-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----\n')

describe('WeChat Pay settings', () => {
  it('none set: off, with nothing to report', () => {
    expect(checkWechatPay({})).toEqual({ configured: false, problems: [], settings: null })
  })

  it('a complete set passes, the official account appid defaulting to WECHAT_OAUTH_APPID', () => {
    const { WECHATPAY_APPID, ...rest } = wechat
    const check = checkWechatPay({ ...rest, WECHAT_OAUTH_APPID: WECHATPAY_APPID })
    expect(check.problems).toEqual([])
    expect(check.settings).toMatchObject({ mchid: '1900000109', appId: WECHATPAY_APPID, miniAppId: null })
    expect(check.settings!.platform.id).toBe(wechat.WECHATPAY_PUBLIC_KEY_ID)
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
    expect(check.settings).toMatchObject({ appId: alipay.ALIPAY_APP_ID, keyType: 'PKCS1' })
    expect(checkAlipay({ ...alipay, ALIPAY_PRIVATE_KEY_FILE: privatePkcs8 }).settings?.keyType).toBe('PKCS8')
  })

  it.each([
    ['ALIPAY_APP_ID', '12345', 'ALIPAY_APP_ID does not look like an Alipay app id (16 digits)'],
    ['ALIPAY_PUBLIC_KEY_FILE', privatePkcs1, 'ALIPAY_PUBLIC_KEY_FILE is not an RSA public key in PEM'],
    ['ALIPAY_GATEWAY', 'not a url', 'ALIPAY_GATEWAY is not an http(s) URL'],
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
