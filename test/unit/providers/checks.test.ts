// `npm run providers:check` (server/providers/checks.ts): one line per outside service naming the
// provider the environment selects, and every problem of its variables; nothing is sent.
import { checkProviders } from '../../../server/providers/checks'
import { paymentEnv } from '../support/payment-env'

const { wechat: wechatPay, alipay } = paymentEnv('provider-checks')

const byService = (env: Record<string, string>, production: boolean) =>
  Object.fromEntries(checkProviders(env, production).map(({ service, ...rest }) => [service, rest]))

describe('providers:check', () => {
  it('lists every outside service; in development the sandbox plays each one', () => {
    expect(byService({}, false)).toEqual({
      SMS: { provider: 'sandbox', problems: [] },
      mail: { provider: 'sandbox', problems: [] },
      'WeChat Pay': { provider: 'sandbox', problems: [] },
      Alipay: { provider: 'sandbox', problems: [] },
    })
  })

  it('in production an unconfigured payment provider is disabled, not an error', () => {
    const result = byService({ SMS_CODE_SECRET: 'x'.repeat(32) }, true)
    expect(result['WeChat Pay']).toEqual({ provider: null, problems: [] })
    expect(result.Alipay).toEqual({ provider: null, problems: [] })
  })

  it('names the payment provider and its verification mode when its set is complete', () => {
    const result = byService({ ...wechatPay, ...alipay }, true)
    expect(result['WeChat Pay']).toEqual({ provider: 'wechatpay (public key)', problems: [] })
    expect(result.Alipay).toEqual({ provider: 'alipay (public key mode)', problems: [] })
  })

  it('reports each problem of a partial or malformed payment set, without its values', () => {
    const result = byService(
      { ...wechatPay, WECHATPAY_APIV3_KEY: 'k3GSx1Zy', ALIPAY_APP_ID: '2021000000000001' },
      true,
    )
    expect(result['WeChat Pay']).toEqual({
      provider: null,
      problems: ['WECHATPAY_APIV3_KEY is not 32 characters'],
    })
    expect(result.Alipay.provider).toBeNull()
    expect(result.Alipay.problems).toEqual(
      expect.arrayContaining([expect.stringMatching(/^ALIPAY_PRIVATE_KEY_FILE/)]),
    )
    expect(JSON.stringify(result)).not.toContain('k3GSx1Zy')
  })
})
