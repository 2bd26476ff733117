// Values the console and the reference server must agree on. Both sides read the same
// environment variables; the defaults are development values only (documented in README).
// TARO_APP_* variables are inlined into the app bundle by Taro at build time.

/** AES-128 key (16 ASCII chars) used to encrypt passwords before they leave the client. */
export const PASSWORD_AES_KEY: string = process.env.TARO_APP_PASSWORD_KEY || 'MemberCentre2026'

/** Fixed prefix of the account-switch signature (spec account-area §6). */
export const SWITCH_SIGN_PREFIX: string = process.env.TARO_APP_SWITCH_SIGN_PREFIX || 'MEMBER-CENTRE-SWITCH'
