// Values the console and the reference server must agree on. Both sides read the same
// environment variables; the defaults are development values only (documented in README), and
// the server refuses to start in production with either of them.
// TARO_APP_* variables are inlined into the app bundle by Taro at build time.

export const DEVELOPMENT_PASSWORD_AES_KEY = 'MemberCentre2026'
export const DEVELOPMENT_SWITCH_SIGN_PREFIX = 'MEMBER-CENTRE-SWITCH'

/** AES-128 key (16 ASCII chars) used to encrypt passwords before they leave the client. */
export const PASSWORD_AES_KEY: string = process.env.TARO_APP_PASSWORD_KEY || DEVELOPMENT_PASSWORD_AES_KEY

/** Fixed prefix of the account-switch signature (spec account-area §6). */
export const SWITCH_SIGN_PREFIX: string =
  process.env.TARO_APP_SWITCH_SIGN_PREFIX || DEVELOPMENT_SWITCH_SIGN_PREFIX
