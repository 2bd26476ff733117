// Password and login phone of the viewer's member (account-area §2, §4 password model, §5; doc2 §5
// passwords trimmed and encrypted in transit). Both are sensitive: their routes need a fresh session.
import { eq } from 'drizzle-orm'
import {
  PASSWORD_MODEL,
  type PasswordChangeRequest,
  type PasswordModel,
  type PhoneChangeRequest,
} from '../../../src/core/contract/account-settings'
import { maskPhone } from '../../../src/core/format/mask'
import {
  ACCOUNT_MSG,
  validatePasswordChange,
  type PasswordChangeForm,
} from '../../../src/core/validation/account'
import { MSG } from '../../../src/core/validation/messages'
import { phoneError, smsCodeError } from '../../../src/core/validation/rules'
import type { AppContext } from '../../context'
import { isUniqueViolation } from '../../db/errors'
import { subAccounts } from '../../db/schema'
import { invalid } from '../shared/errors'
import { decryptPassword, hashPassword, verifyPassword } from '../../security/password'
import { ACCOUNT_SMS_PURPOSE } from './account-reverify'
import type { AccountProfile } from './account-profile'
import type { CaptchaService } from '../auth/captchas'
import { normaliseIdentifier, type LoginLimits } from '../auth/login-limits'
import type { Member, MemberDirectory } from './members'
import { OPERATE_STATUS, OPERATE_TYPE, type OperateLog } from '../operate-log/operate-log'
import { PHONE_AUTH_MESSAGES } from '../auth/phone-auth'
import type { SessionService } from '../auth/sessions'
import type { Viewer } from '../shared/viewer'
import { forgetTrustedDevices } from './second-factor'
import type { SmsService } from '../sms/sms'
import type { SmsSendInput } from '../sms/sms-requests'

export const CREDENTIAL_MESSAGES = {
  samePhone: '新手机号不能与当前手机号相同',
  phoneTaken: '该手机号已绑定其他账号',
  passwordSet: '设置成功',
  changed: '修改成功',
} as const

// The bodies as the contract declares them; any field may be missing (the form's own message answers it).
export type PasswordInput = Partial<PasswordChangeRequest>
export type PhoneChangeInput = Partial<PhoneChangeRequest>

interface CredentialDeps {
  members: MemberDirectory
  captchas: CaptchaService
  operateLog: OperateLog
  sms: SmsService
  profile: AccountProfile
  limits: LoginLimits
  sessions: Pick<SessionService, 'endOthers'>
}

export function createAccountCredentials(ctx: AppContext, deps: CredentialDeps) {
  const { db, config } = ctx
  const { members, captchas, operateLog, sms, profile, limits, sessions } = deps

  const modelOf = (member: Member | null): PasswordModel =>
    member?.passwordHash ? PASSWORD_MODEL.change : PASSWORD_MODEL.set

  /** checkPassword: model 0 = no password yet (set one), 1 = change it (§4). */
  async function passwordModel(viewer: Viewer): Promise<PasswordModel> {
    return modelOf(await members.byId(viewer.memberId))
  }

  /** A password field's plain text; null when it is not a ciphertext made with the shared key. */
  function plain(ciphertext: string | undefined): string | null {
    const text = (ciphertext ?? '').trim()
    return text ? decryptPassword(text, config.passwordKey) : ''
  }

  /** The decrypted form, or a refusal with the first message the client's form would show. */
  function readPasswordForm(input: PasswordInput, model: PasswordModel): PasswordChangeForm {
    const typed = {
      oldPassword: model === PASSWORD_MODEL.change ? plain(input.oldPassword) : '',
      password: plain(input.password),
      passwordAgain: plain(input.passwordAgain),
    }
    const form = {
      oldPassword: typed.oldPassword ?? '',
      password: typed.password ?? '',
      passwordAgain: typed.passwordAgain ?? '',
    }
    const errors = validatePasswordChange(form, model)
    const fields = ['oldPassword', 'password', 'passwordAgain'] as const
    // A field that does not decrypt counts as a wrong password, in its place.
    const error = fields
      .map((field) => (typed[field] === null ? MSG.credentialsWrong : errors[field]))
      .find(Boolean)
    if (error) throw invalid(error)
    return form
  }

  /** The member's login-attempt run: every name it logs in by (as login.ts counts it). */
  async function attemptSubject(member: Member) {
    const loginNames = [member.phone ?? '', ...(await members.ownedMemberAccounts(member.id))].filter(Boolean)
    const identifier = normaliseIdentifier(loginNames[0] ?? `member-${member.id}`)
    return { identifier, member: { id: member.id, loginNames } }
  }

  /**
   * updatePassword: the form's rules, the current password for model 1 (the server's model, not the
   * client's), then the new hash; the member's other sessions end (this one stays) and a type-1
   * entry is written either way.
   */
  async function updatePassword(viewer: Viewer, input: PasswordInput, ip: string): Promise<PasswordModel> {
    const actor = await profile.actorOf(viewer)
    const member = await members.byId(viewer.memberId)
    const model = modelOf(member)
    const form = readPasswordForm(input, model)
    const log = (status: number, content: string) =>
      operateLog.record(actor, { type: OPERATE_TYPE.changePassword, content, status, ip })

    if (model === PASSWORD_MODEL.change && member) {
      // Guessing the current password is guessing a login password: it counts in the member's
      // failure run and meets the same lock (login-limits.ts), checked before the password.
      const attempt = await limits.reserve(await attemptSubject(member), ip)
      if (!(await verifyPassword(form.oldPassword.trim(), member.passwordHash ?? ''))) {
        await log(OPERATE_STATUS.failure, '修改密码失败：当前密码错误')
        throw invalid(MSG.credentialsWrong)
      }
      await limits.succeeded(attempt)
    }
    await members.setPassword(viewer.memberId, await hashPassword(form.password.trim()))
    await sessions.endOthers(viewer)
    await forgetTrustedDevices(ctx.db, viewer.memberId)
    await log(OPERATE_STATUS.success, model === PASSWORD_MODEL.change ? '修改登录密码' : '设置登录密码')
    return model
  }

  /** The new phone as typed: present and a phone (nothing looked up). */
  function typedNewPhone(typed: string | undefined): string {
    const phone = (typed ?? '').trim()
    if (!phone) throw invalid(ACCOUNT_MSG.newPhoneRequired)
    const error = phoneError(phone)
    if (error) throw invalid(error)
    return phone
  }

  /** The new phone as typed, checked: valid, not the current one, not another member's. */
  async function checkedNewPhone(viewer: Viewer, typed: string | undefined): Promise<string> {
    const phone = typedNewPhone(typed)
    const holder = await members.byPhone(phone)
    if (holder?.id === viewer.memberId) throw invalid(CREDENTIAL_MESSAGES.samePhone)
    if (holder) throw invalid(CREDENTIAL_MESSAGES.phoneTaken)
    return phone
  }

  /**
   * sendSmsCode2 {phone, captchaId, captchaData}: a change-phone code to the NEW phone after its
   * slider. The slider comes before the lookup, so whether a phone is registered costs a solved
   * puzzle to learn.
   */
  async function sendPhoneCode(viewer: Viewer, input: SmsSendInput, ip: string): Promise<void> {
    const typed = typedNewPhone(input.phone)
    await captchas.spendSlider((input.captchaId ?? '').trim(), typed)
    const phone = await checkedNewPhone(viewer, typed)
    await sms.send(phone, ACCOUNT_SMS_PURPOSE.changePhone, ip, { accountId: viewer.accountId })
  }

  /** updateBingPhone {bindPhone, code, uuId, verificationCode}: the code proves the new phone. */
  async function changePhone(viewer: Viewer, input: PhoneChangeInput, ip: string): Promise<void> {
    const actor = await profile.actorOf(viewer)
    const log = (status: number, content: string) =>
      operateLog.record(actor, { type: OPERATE_TYPE.changePhone, content, status, ip })
    const phone = await checkedNewPhone(viewer, input.bindPhone)
    const code = (input.code ?? '').trim()
    if (!(input.verificationCode ?? '').trim()) throw invalid(MSG.captchaRequired)
    if (!code) throw invalid(ACCOUNT_MSG.smsCodeRequired)
    const codeError = smsCodeError(code)
    if (codeError) throw invalid(codeError)
    if (!(await captchas.verifyImage((input.uuId ?? '').trim(), input.verificationCode ?? ''))) {
      throw invalid(MSG.captchaWrong)
    }
    if (!(await sms.consume(phone, ACCOUNT_SMS_PURPOSE.changePhone, code))) {
      await log(OPERATE_STATUS.failure, '修改手机号失败：验证码错误')
      throw invalid(PHONE_AUTH_MESSAGES.wrongCode)
    }
    try {
      await members.setPhone(viewer.memberId, phone)
    } catch (failure) {
      if (isUniqueViolation(failure)) throw invalid(CREDENTIAL_MESSAGES.phoneTaken)
      throw failure
    }
    // The member's sub-admin roles carry its phone too (the sub-account lists show it).
    await db.update(subAccounts).set({ phoneNumber: phone }).where(eq(subAccounts.memberId, viewer.memberId))
    await sessions.endOthers(viewer)
    await log(OPERATE_STATUS.success, `修改手机号为 ${maskPhone(phone)}`)
  }

  return { passwordModel, updatePassword, sendPhoneCode, changePhone }
}

export type AccountCredentials = ReturnType<typeof createAccountCredentials>
