// Builds every outside service's provider from the configuration (config/providers.ts): a real
// one where configured, the sandbox in development only, none (…未配置 / 在线支付暂未开通) otherwise.
import type { ServerConfig } from '../config'
import type { AppContext } from '../context'
import type { MailGateway } from './mail/index'
import { sandboxMail } from './mail/sandbox'
import { smtpMail } from './mail/smtp'
import { paymentGateways, type PaymentGateways } from './payment/index'
import { aliyunSms } from './sms/aliyun'
import type { SmsGateway } from './sms/index'
import { sandboxSms } from './sms/sandbox'
import { tencentSms } from './sms/tencent'

/** The SMS and mail providers: what the outbox sends through. */
export interface MessageGateways {
  sms: SmsGateway | null
  mail: MailGateway | null
}

/** Every outside provider the services call, each handed to the service that calls it. */
export type Gateways = MessageGateways & PaymentGateways

export function createGateways(ctx: AppContext): Gateways {
  // The one sandbox rule: never in production, whatever the settings say (config/ refuses it too).
  const sandboxAllowed = !ctx.config.production
  return { ...messageGateways(ctx, sandboxAllowed), ...paymentGateways(ctx, sandboxAllowed) }
}

function messageGateways({ config, db, now, log }: AppContext, sandboxAllowed: boolean): MessageGateways {
  const allowed = <T extends { provider: string }>(settings: T | null) =>
    settings?.provider === 'sandbox' && !sandboxAllowed ? null : settings
  const sms = allowed(config.sms)
  const mail = allowed(config.mail)
  return {
    sms:
      sms?.provider === 'aliyun'
        ? aliyunSms(sms)
        : sms?.provider === 'tencent'
          ? tencentSms(sms)
          : sms?.provider === 'sandbox'
            ? sandboxSms(db, now, log)
            : null,
    mail:
      mail?.provider === 'smtp'
        ? smtpMail(mail)
        : mail?.provider === 'sandbox'
          ? sandboxMail(db, now, log)
          : null,
  }
}

/** For the start-up log: which provider serves each service (names only: no keys, no addresses). */
export function describeProviders({ sms, mail }: Pick<ServerConfig, 'sms' | 'mail'>): string[] {
  return [`SMS: ${sms?.provider ?? 'disabled'}`, `mail: ${mail?.provider ?? 'disabled'}`]
}
