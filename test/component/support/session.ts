// The demo owner signed in (token t1), as the account area's component tests start.
import { useSession, type UserInfo } from '../../../src/core/session/store'

export const DEMO_OWNER_INFO: UserInfo = {
  memberId: 1,
  accountId: 1,
  subAccountId: 0,
  role: 0,
  memberAccount: 'demo_main',
  accountName: '星辰科技',
  userName: '星辰科技',
  bindPhone: '13800000001',
  email: '',
  state: 1,
  passwordUpdatedAt: null,
}

export function signInAsDemoOwner(overrides: Partial<UserInfo> = {}) {
  useSession.setState({ token: 't1', userinfo: { ...DEMO_OWNER_INFO, ...overrides } })
}
