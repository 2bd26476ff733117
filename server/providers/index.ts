// Builds each outside service's provider from the configuration (providers/settings.ts): the
// sandbox in development, a real one where configured, none (…未配置) otherwise.
import type { ServerConfig } from '../config'
import type { AppContext } from '../context'
import type { MailGateway } from './mail/index'
import { sandboxMail } from './mail/sandbox'
import { smtpMail } from './mail/smtp'
import { aliyunSms } from './sms/aliyun'
import type { SmsGateway } from './sms/index'
import { sandboxSms } from './sms/sandbox'
import { tencentSms } from './sms/tencent'

export interface Gateways {
  sms: SmsGateway | null
  mail: MailGateway | null
}

export function createGateways({ config, db, now, log }: AppContext): Gateways {
  // The sandbox never serves production, whatever the settings say (config.ts refuses it too).
  const allowed = <T extends { provider: string }>(settings: T | null) =>
    settings?.provider === 'sandbox' && config.production ? null : settings
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
