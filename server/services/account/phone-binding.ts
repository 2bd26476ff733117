// The bound phone seen from /api/pc (doc2 §7 "Under /api/pc: checkBindPhone"; account-area §7
// "checkBindPhone", "bindPhone (phone, code, password)"). Binding itself is the WeChat flow's
// (services/wechat/wechat.ts bindPhone: a bindPhone SMS code, logged and notified as a new way in);
// /api/pc/bindPhone adds a first password for a member that has none, as WeChat registrations do.
import type { PcBindPhoneRequest, PhoneBindingStatus } from '../../../src/core/contract/account'
import { MSG } from '../../../src/core/validation/messages'
import { newPasswordError } from '../../../src/core/validation/rules'
import type { AppContext } from '../../context'
import { invalid } from '../shared/errors'
import { decryptPassword, hashPassword } from '../../security/password'
import type { MemberDirectory } from './members'
import { OPERATE_STATUS, OPERATE_TYPE, type OperateLog } from '../operate-log/operate-log'
import type { RoleService } from '../shared/roles'
import type { Viewer } from '../shared/viewer'
import type { WechatService } from '../wechat/wechat'

export const PHONE_BINDING_MESSAGES = {
  /** A member that has a password changes it in the account settings (updatePassword, model 1). */
  passwordAlreadySet: '当前账号已设置密码，请在账户管理中修改',
} as const

interface PhoneBindingDeps {
  members: MemberDirectory
  roles: RoleService
  operateLog: OperateLog
  wechat: Pick<WechatService, 'bindPhone'>
}

export function createPhoneBinding(ctx: AppContext, deps: PhoneBindingDeps) {
  const { members, roles, operateLog, wechat } = deps

  /** GET /api/pc/checkBindPhone: whether the viewer's member has a bound phone. */
  async function status(viewer: Viewer): Promise<PhoneBindingStatus> {
    const member = await members.byId(viewer.memberId)
    return { bound: Boolean(member?.phone) }
  }

  /**
   * The first password, checked before the SMS code is spent: undecryptable → 请输入正确的密码, the
   * policy's message, or a refusal when the member already has one (a stale session must not
   * replace a password without the current one: that is updatePassword's job).
   */
  async function firstPassword(viewer: Viewer, ciphertext: string | undefined): Promise<string | null> {
    const text = (ciphertext ?? '').trim()
    if (!text) return null
    const plain = decryptPassword(text, ctx.config.passwordKey)
    if (plain === null) throw invalid(MSG.credentialsWrong)
    const error = newPasswordError(plain)
    if (error) throw invalid(error)
    if ((await members.byId(viewer.memberId))?.passwordHash) {
      throw invalid(PHONE_BINDING_MESSAGES.passwordAlreadySet)
    }
    return plain.trim()
  }

  /** POST /api/pc/bindPhone {phone, code, password?}: the WeChat flow's binding, then the password. */
  async function bind(viewer: Viewer, input: Partial<PcBindPhoneRequest>, ip: string): Promise<void> {
    const password = await firstPassword(viewer, input.password)
    await wechat.bindPhone(viewer, { phone: input.phone, code: input.code }, ip)
    if (password === null) return
    if (!(await members.setFirstPassword(viewer.memberId, await hashPassword(password)))) {
      throw invalid(PHONE_BINDING_MESSAGES.passwordAlreadySet)
    }
    const actor = await roles.heldRole(viewer.memberId, viewer)
    if (actor) {
      await operateLog.record(actor, {
        type: OPERATE_TYPE.changePassword,
        content: '绑定手机号时设置登录密码',
        status: OPERATE_STATUS.success,
        ip,
      })
    }
  }

  return { status, bind }
}

export type PhoneBinding = ReturnType<typeof createPhoneBinding>
