// The expiry and renewal SMS templates: optional like SMS_TEMPLATE_REFUND, named by
// providers:check when left out, and filled in the documented order at Tencent Cloud.
import { checkProviders } from '../../../server/providers/checks'
import { TEMPLATE_VARIABLES } from '../../../server/config/providers'
import { positionalParams } from '../../../server/providers/sms/index'
import { smsTemplateParams, smsText } from '../../../server/services/outbox/outgoing-texts'

const tencent = {
  SMS_PROVIDER: 'tencent',
  TENCENT_SMS_SECRET_ID: `AKID${'a1B2'.repeat(8)}`,
  TENCENT_SMS_SECRET_KEY: 'k9L8m7N6'.repeat(4),
  TENCENT_SMS_SDK_APP_ID: '1400123456',
  SMS_SIGN_NAME: '会员中心',
  SMS_CODE_SECRET: 'c'.repeat(32),
}
const all = Object.fromEntries(
  Object.values(TEMPLATE_VARIABLES).map((name, index) => [name, `10${index}001`]),
)

describe('SMS_TEMPLATE_EXPIRY and SMS_TEMPLATE_RENEWED', () => {
  it('may be left out: providers:check names them, with no problem', () => {
    const { SMS_TEMPLATE_EXPIRY: _expiry, SMS_TEMPLATE_RENEWED: _renewed, ...without } = all
    const [sms] = checkProviders({ ...tencent, ...without }, false)
    expect(sms.problems).toEqual([])
    expect(sms.provider).toBe(
      'tencent at sms.tencentcloudapi.com (no SMS_TEMPLATE_EXPIRY, SMS_TEMPLATE_RENEWED: by notice and mail only)',
    )
    expect(checkProviders({ ...tencent, ...all }, false)[0].provider).toBe(
      'tencent at sms.tencentcloudapi.com',
    )
  })

  it('an expiry reminder fills product, domain, days, link in that order', () => {
    const params = {
      product: '企业官网 标准版',
      domain: 'a.example.cn',
      days: '剩余 3 天',
      link: 'https://mc.example.cn/renewal',
      path: '/renewal',
    }
    expect(positionalParams(smsTemplateParams(params))).toEqual([
      '企业官网 标准版',
      'a.example.cn',
      '剩余 3 天',
      'https://mc.example.cn/renewal',
    ])
    expect(smsText('expiry', params)).toBe(
      '【会员中心】您的企业官网 标准版（a.example.cn）剩余 3 天，为避免服务中断，请及时续费：https://mc.example.cn/renewal',
    )
  })

  it('a renewal fills product, new expiry in that order', () => {
    const params = { product: '小程序', expireTime: '2028-03-15 10:00' }
    expect(positionalParams(smsTemplateParams(params))).toEqual(['小程序', '2028-03-15 10:00'])
    expect(smsText('renewed', params)).toBe(
      '【会员中心】您的小程序已续费成功，新的到期时间为2028-03-15 10:00。',
    )
  })
  it('a new-device alert (SMS_TEMPLATE_SECURITY) fills time, city, device in that order', () => {
    const params = { time: '2026-12-06 14:50', city: '上海市', device: '微信内浏览器 · iOS' }
    expect(positionalParams(smsTemplateParams(params))).toEqual([
      '2026-12-06 14:50',
      '上海市',
      '微信内浏览器 · iOS',
    ])
    expect(smsText('security', params)).toBe(
      '【会员中心】您的账号于2026-12-06 14:50在上海市的新设备（微信内浏览器 · iOS）上登录，如非本人操作，请立即登录会员中心修改密码。',
    )
  })
})
