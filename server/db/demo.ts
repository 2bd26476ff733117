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
