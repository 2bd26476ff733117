// Development sandboxes (design "Reference server"): read SMS codes and captcha answers (the slider's
// as the captchaData that passes), mint entry tokens, forget a member's known addresses, and the
// WeChat sandbox pages (dev-wechat.ts). Registered only outside production, where every /__dev
// path is a 404 envelope.
import { maskPhone } from '../../src/core/format/mask'
import { ok } from '../http/envelope'
import { hashPassword } from '../security/password'
import { invalid, notFound } from '../services/shared/errors'
import type { Services } from '../services'
import { MEMBER_NOT_FOUND } from '../services/auth/entry-tokens'
import { devWechatRoutes } from './dev-wechat'
import { object, shortText, type TypedApp } from './schemas'

export function devRoutes(app: TypedApp, services: Services) {
  const { sms, captchas, entryTokens, members, knownAddresses } = services
  app.get(
    '/__dev/sms',
    { schema: { querystring: object({ phone: shortText(11) }, ['phone']) } },
    async (req) => {
      const code = await sms.latestCode(req.query.phone.trim())
      if (!code) throw notFound('暂无短信')
      return ok({ code })
    },
  )

  app.get(
    '/__dev/captcha',
    { schema: { querystring: object({ id: shortText(64) }, ['id']) } },
    async (req) => {
      const answer = await captchas.answerOf(req.query.id.trim())
      if (!answer) throw notFound('验证码不存在')
      return ok({ answer })
    },
  )

  app.post(
    '/__dev/entryToken',
    { schema: { body: object({ phone: shortText(11), source: shortText(32) }, ['phone']) } },
    async (req) => ok({ token: await entryTokens.mint(req.body.phone.trim(), req.body.source ?? '') }),
  )

  // So a password login from localhost asks for the security verification again (e2e).
  app.post(
    '/__dev/forgetAddresses',
    { schema: { body: object({ phone: shortText(11) }, ['phone']) } },
    async (req) => {
      const member = await members.byPhone(req.body.phone.trim())
      if (!member) throw notFound(MEMBER_NOT_FOUND)
      return ok({ removed: await knownAddresses.forgetAll(member.id) })
    },
  )

  // A member with a main account and no SMS spent (its address known, as after registering), so an e2e test can then send codes to it
  // without meeting the 60-second resend limit.
  app.post(
    '/__dev/members',
    { schema: { body: object({ phone: shortText(11), password: shortText(64) }, ['phone', 'password']) } },
    async (req) => {
      const phone = req.body.phone.trim()
      // A second call for the phone would fail on the unique phone index (a 500).
      if (await members.byPhone(phone)) throw invalid('该手机号已注册')
      const member = await members.createWithAccount({
        phone,
        passwordHash: await hashPassword(req.body.password),
        wxOpenId: null,
        memberAccount: await services.generatedName(phone),
        accountName: maskPhone(phone),
        referralCode: null,
      })
      // As if it had registered from here: its address is known, like a real registration's.
      await knownAddresses.remember(member.id, req.ip)
      return ok({ memberId: member.id })
    },
  )

  devWechatRoutes(app, services)
}
