// Who may get an SMS code (doc2 §7 sendSmsCode, account/sendSmsCode, wechat/getCode,
// securityVerification/sendSmsCode): every send is guarded by a slider puzzle solved for that very
// phone (one send per puzzle) and by the send limits. Whether a phone is a member is never
// revealed: a login or reset code for an unknown phone answers 已发送 too, but nothing is sent.
import type { SliderCheckRequest } from '../../../src/core/contract/captcha'
import { PUBLIC_SMS_PURPOSES, type SendSmsRequest, type SmsPurpose } from '../../../src/core/contract/sms'
import { MSG } from '../../../src/core/validation/messages'
import { phoneError } from '../../../src/core/validation/rules'
import type { AppContext } from '../../context'
import { invalid, INVALID_PARAMS } from '../shared/errors'
import type { CaptchaService } from '../auth/captchas'
import type { MemberDirectory } from '../account/members'
import type { Viewer } from '../shared/viewer'
import type { SmsService } from './sms'

export const NO_BOUND_PHONE = '当前账号未绑定手机号'

/** An SMS send's body as the contract declares it; any field may be missing. */
export type SmsSendInput = Partial<SendSmsRequest>

/** POST /api/app/check222 as sent (the fields may be missing: the service answers them). */
export type SliderCheckInput = Partial<SliderCheckRequest>

interface SmsRequestDeps {
  captchas: CaptchaService
  members: MemberDirectory
  sms: SmsService
}

export function createSmsRequests(_ctx: AppContext, { captchas, members, sms }: SmsRequestDeps) {
  function checkedPhone(typed: string | undefined): string {
    const phone = (typed ?? '').trim()
    const error = phoneError(phone)
    if (error) throw invalid(error)
    return phone
  }

  /** The slider first: nothing about the phone is looked up for a caller who has not solved it. */
  async function sendGuarded(
    phone: string,
    purpose: SmsPurpose,
    input: SmsSendInput,
    ip: string,
    deliver: () => Promise<boolean> = async () => true,
    accountId: number | null = null,
  ) {
    await captchas.spendSlider((input.captchaId ?? '').trim(), phone)
    await sms.send(phone, purpose, ip, { deliver: await deliver(), accountId })
  }

  /** POST /api/pc/sendSmsCode: type login, register or forget. */
  async function sendForPhone(input: SmsSendInput, ip: string): Promise<void> {
    const phone = checkedPhone(input.phone)
    const purpose = PUBLIC_SMS_PURPOSES.find((candidate) => candidate === input.type)
    if (!purpose) throw invalid(INVALID_PARAMS)
    const deliver = async () => purpose === 'register' || (await members.byPhone(phone)) !== null
    await sendGuarded(phone, purpose, input, ip, deliver)
  }

  /** POST /api/app/account/sendSmsCode and /api/wechat/getCode: type bindPhone (or omitted). */
  async function sendForBindPhone(input: SmsSendInput, ip: string): Promise<void> {
    const phone = checkedPhone(input.phone)
    if (input.type !== undefined && input.type !== 'bindPhone') throw invalid(INVALID_PARAMS)
    await sendGuarded(phone, 'bindPhone', input, ip)
  }

  async function boundPhoneOf(viewer: Viewer): Promise<string> {
    const member = await members.byId(viewer.memberId)
    if (!member?.phone) throw invalid(NO_BOUND_PHONE)
    return member.phone
  }

  /** POST /api/app/securityVerification/sendSmsCode: to the session member's bound phone. */
  async function sendForSecurityVerification(viewer: Viewer, input: SmsSendInput, ip: string): Promise<void> {
    await sendGuarded(
      await boundPhoneOf(viewer),
      'securityVerification',
      input,
      ip,
      undefined,
      viewer.accountId,
    )
  }

  /**
   * POST /api/app/check222. The puzzle is solved for `phone`, or, without one, for the bound phone
   * of the calling session (the security-verification step); `viewer` is null without a token.
   */
  async function checkSlider(input: SliderCheckInput, viewer: Viewer | null): Promise<void> {
    const typed = (input.phone ?? '').trim()
    let phone: string
    if (typed) phone = checkedPhone(typed)
    else if (viewer) phone = await boundPhoneOf(viewer)
    else throw invalid(MSG.phoneRequired)
    await captchas.checkSlider((input.id ?? '').trim(), input.captchaData ?? '', phone)
  }

  return { sendForPhone, sendForBindPhone, sendForSecurityVerification, checkSlider, boundPhoneOf }
}

export type SmsRequests = ReturnType<typeof createSmsRequests>
