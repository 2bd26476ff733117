// TOTP (RFC 6238) through otplib: 6 digits, 30-second steps, SHA-1, the form every authenticator
// app (腾讯身份验证器, Google and Microsoft Authenticator) reads from an otpauth:// QR code. A code is
// accepted one step either side of now (clock drift), and only once: the step it matched is kept
// and no code of that step or an earlier one is accepted again.
import { generate, generateSecret, generateURI, verify } from 'otplib'

export const TOTP_PERIOD_S = 30
/** One step either side of now. */
const TOLERANCE_S = TOTP_PERIOD_S

export const TOTP_ISSUER = '会员中心'

export const newTotpSecret = (): string => generateSecret()

/** otpauth://totp/会员中心:<label>?secret=…&issuer=会员中心 */
export const totpUri = (secret: string, label: string): string =>
  generateURI({ issuer: TOTP_ISSUER, label, secret })

const epochOf = (at: Date) => Math.floor(at.getTime() / 1000)

/** The time step `code` matches at `at`, later than `afterStep`; null when it matches none. */
export async function matchTotp(
  secret: string,
  code: string,
  at: Date,
  afterStep: number | null = null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null
  const result = await verify({
    secret,
    token: code,
    epoch: epochOf(at),
    epochTolerance: TOLERANCE_S,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  })
  return result.valid && 'timeStep' in result ? result.timeStep : null
}

/** The code of `secret` at `at` (the tests' authenticator app, and the sandbox). */
export const totpCode = (secret: string, at: Date): Promise<string> =>
  generate({ secret, epoch: epochOf(at) })
