// Logins, registration, password reset, the security verification, logout and the entry-token
// exchange (doc2 §7 "Login and account").
import type {
  PasswordLoginRequest,
  PasswordResetRequest,
  PhoneCodeRequest,
  RegistrationRequest,
  SmsCodeRequest,
} from '../../src/core/contract/auth'
import type { Guards } from '../http/auth'
import { LOGIN_OK, ok } from '../http/envelope'
import type { Services } from '../services'
import { PHONE_AUTH_MESSAGES } from '../services/auth/phone-auth'
import { VERIFIED_MESSAGE } from '../services/account/security-verification'
import { object, requestOf, shortText, type TypedApp } from './schemas'

// The contract's bodies (core/contract/auth.ts). Fields are optional here: missing ones get the
// form's own messages from the services.
const passwordLoginBody = requestOf<PasswordLoginRequest>()(
  object({
    phone: shortText(64),
    password: shortText(512),
    uuId: shortText(64),
    verificationCode: shortText(16),
  }),
)
const smsLoginBody = requestOf<PhoneCodeRequest>()(object({ phone: shortText(32), code: shortText(32) }))
const registrationBody = requestOf<RegistrationRequest>()(
  object({
    phone: shortText(32),
    code: shortText(32),
    password: shortText(512),
    passwordAgain: shortText(512),
    referralCode: shortText(64),
    agreed: { type: 'boolean' },
  }),
)
const passwordResetBody = requestOf<PasswordResetRequest>()(
  object({
    phone: shortText(32),
    code: shortText(32),
    password: shortText(512),
    passwordAgain: shortText(512),
  }),
)
const confirmBody = requestOf<SmsCodeRequest>()(object({ code: shortText(32) }))

export function authRoutes(app: TypedApp, services: Services, guards: Guards) {
  const { login, phoneAuth, securityVerification } = services

  // /api/app/login is the spec's other name for the password login: the same body, captcha, limits
  // (one count: http/rate-limits.ts), mask and security verification, so it is no weaker way in.
  for (const url of ['/api/app/loginByPassword', '/api/app/login']) {
    app.post(url, { schema: { body: passwordLoginBody } }, async (req) =>
      ok(await login.loginByPassword(req.body, req.ip), LOGIN_OK),
    )
  }

  app.post('/api/app/phoneLogin', { schema: { body: smsLoginBody } }, async (req) =>
    ok(await phoneAuth.phoneLogin(req.body, req.ip), LOGIN_OK),
  )

  app.post('/api/pc/registerByPhone', { schema: { body: registrationBody } }, async (req) =>
    ok(await phoneAuth.registerByPhone(req.body, req.ip), PHONE_AUTH_MESSAGES.registered),
  )

  app.post('/api/pc/forgetPassword', { schema: { body: passwordResetBody } }, async (req) => {
    await phoneAuth.forgetPassword(req.body, req.ip)
    return ok(null, PHONE_AUTH_MESSAGES.reset)
  })

  app.get(
    '/api/app/securityVerification/checkLoginStatus',
    { preHandler: guards.requireViewerMayBePending },
    async (req) => ok(await securityVerification.loginStatus(req.viewer)),
  )

  app.post(
    '/api/app/securityVerification/confirm',
    { schema: { body: confirmBody }, preHandler: guards.requireViewerMayBePending },
    async (req) => {
      await securityVerification.confirm(req.viewer, req.body.code, req.ip)
      return ok(null, VERIFIED_MESSAGE)
    },
  )

  app.get('/api/pc/logout', { preHandler: guards.requireViewerMayBePending }, async (req) => {
    await services.sessions.revoke(req.viewer.sessionId)
    return ok(null)
  })

  app.get(
    '/api/feignApi/fkToken',
    { schema: { querystring: object({ token: shortText(128) }) } },
    async (req) => ok(await services.entryTokens.exchange(req.query.token ?? '', req.ip)),
  )
}
