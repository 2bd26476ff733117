// Logins, registration, password reset, the security verification, logout and the entry-token
// exchange (doc2 §7 "Login and account").
import type {
  EntryExchangeResult,
  EntryTokenQuery,
  LoginStatus,
  PasswordLoginRequest,
  PasswordResetRequest,
  PhoneCodeRequest,
  RegistrationRequest,
  SmsCodeRequest,
} from '../../src/core/contract/auth'
import { ROLE } from '../../src/core/contract/account'
import type { Guards } from '../http/auth'
import { LOGIN_OK, ok } from '../http/envelope'
import type { Services } from '../services'
import { PHONE_AUTH_MESSAGES } from '../services/auth/phone-auth'
import { VERIFIED_MESSAGE } from '../services/account/security-verification'
import { SECOND_FACTOR_STEP } from '../../src/core/contract/second-factor'
import { documented, TAG } from './api-tags'
import { answer, flag, int, nullAnswer, oneOfValues, responseOf, shape, text } from './responses'
import { object, requestOf, shortText, type TypedApp } from './schemas'
import { loginResult } from './session-answers'

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
const entryTokenQuery = requestOf<EntryTokenQuery>()(object({ token: shortText(128) }))

const about = documented(TAG.auth)
const loginStatus = responseOf<LoginStatus>()(
  shape({ verified: flag, phone: text, secondFactor: oneOfValues(Object.values(SECOND_FACTOR_STEP)) }),
)
/** The session an entry token is exchanged for, and where the token came from. */
const enteredSession = responseOf<EntryExchangeResult>()(
  shape({
    token: text,
    accountId: int,
    subAccountId: int,
    role: oneOfValues(Object.values(ROLE)),
    source: text,
  }),
)

export function authRoutes(app: TypedApp, services: Services, guards: Guards) {
  const { login, phoneAuth, securityVerification } = services

  // /api/app/login is the spec's other name for the password login: the same body, captcha, limits
  // (one count: http/rate-limits.ts), mask and security verification, so it is no weaker way in.
  for (const url of ['/api/app/loginByPassword', '/api/app/login']) {
    app.post(
      url,
      { schema: { ...about('密码登录'), body: passwordLoginBody, response: answer(loginResult) } },
      async (req) => ok(await login.loginByPassword(req.body, req.ip), LOGIN_OK),
    )
  }

  app.post(
    '/api/app/phoneLogin',
    { schema: { ...about('手机验证码登录'), body: smsLoginBody, response: answer(loginResult) } },
    async (req) => ok(await phoneAuth.phoneLogin(req.body, req.ip), LOGIN_OK),
  )

  app.post(
    '/api/pc/registerByPhone',
    { schema: { ...about('手机号注册'), body: registrationBody, response: answer(loginResult) } },
    async (req) => ok(await phoneAuth.registerByPhone(req.body, req.ip), PHONE_AUTH_MESSAGES.registered),
  )

  app.post(
    '/api/pc/forgetPassword',
    { schema: { ...about('找回（重置）密码'), body: passwordResetBody, response: nullAnswer } },
    async (req) => {
      await phoneAuth.forgetPassword(req.body, req.ip)
      return ok(null, PHONE_AUTH_MESSAGES.reset)
    },
  )

  app.get(
    '/api/app/securityVerification/checkLoginStatus',
    {
      schema: { ...about('登录后尚待完成的验证'), response: answer(loginStatus) },
      preHandler: guards.requireViewerMayBePending,
    },
    async (req) => ok(await securityVerification.loginStatus(req.viewer)),
  )

  app.post(
    '/api/app/securityVerification/confirm',
    {
      schema: { ...about('提交安全验证短信验证码'), body: confirmBody, response: nullAnswer },
      preHandler: guards.requireViewerMayBePending,
    },
    async (req) => {
      await securityVerification.confirm(req.viewer, req.body.code, req.ip)
      return ok(null, VERIFIED_MESSAGE)
    },
  )

  app.get(
    '/api/pc/logout',
    { schema: { ...about('退出登录'), response: nullAnswer }, preHandler: guards.requireViewerMayBePending },
    async (req) => {
      await services.sessions.revoke(req.viewer.sessionId)
      return ok(null)
    },
  )

  app.get(
    '/api/feignApi/fkToken',
    {
      schema: {
        ...about('用入口令牌换取会话'),
        querystring: entryTokenQuery,
        response: answer(enteredSession),
      },
    },
    async (req) => ok(await services.entryTokens.exchange(req.query.token ?? '', req.ip)),
  )
}
