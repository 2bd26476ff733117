// The demo accounts' names and password, shared by the seed files, the sandbox pages and the tests.
// Every demo password is Demo@12345 (documented in docs/api.md "Seed accounts").

export const DEMO_PASSWORD = 'Demo@12345'
/** The server sees local browsers and tests at these, so they skip the new-address verification. */
export const LOOPBACK_ADDRESSES = ['127.0.0.1', '::1', '::ffff:127.0.0.1']

export const DEMO = {
  owner: '13800000001',
  subAdmin: '13800000002',
  otherOwner: '13800000003',
  mainAccount: 'demo_main',
  otherAccount: 'demo_other',
  noPhoneAccount: 'demo_nophone',
  /** The owner's WeChat openid: the sandbox scan and OAuth pages offer it by default. */
  ownerOpenId: 'wx-demo-main',
} as const

/** Demo accounts of the account settings: a login IP mask on, and a member with no password yet. */
export const ACCOUNT_DEMO = {
  maskPhone: '13800000005',
  maskAccount: 'demo_mask',
  maskIps: '127.0.0.1,192.168.10.8',
  noPasswordPhone: '13800000006',
  noPasswordAccount: 'demo_nopass',
} as const

/** Every demo login and what it shows, for the start banner (the README lists the same). */
export const DEMO_LOGINS: readonly (readonly [login: string, what: string])[] = [
  [DEMO.owner, 'main account 星辰科技, also a sub-administrator of 云帆贸易 (account switch)'],
  [DEMO.subAdmin, 'sub-administrator of 星辰科技'],
  [DEMO.otherOwner, 'main account 云帆贸易'],
  [DEMO.noPhoneAccount, 'main account with no bound phone (the guard logs it out)'],
  [
    ACCOUNT_DEMO.maskPhone,
    `main account ${ACCOUNT_DEMO.maskAccount}: login IP mask on (${ACCOUNT_DEMO.maskIps})`,
  ],
  [
    ACCOUNT_DEMO.noPasswordPhone,
    `main account ${ACCOUNT_DEMO.noPasswordAccount}: no password yet, log in by SMS`,
  ],
]
