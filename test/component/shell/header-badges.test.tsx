import Taro from '@tarojs/taro'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useSessionFlags } from '../../../src/core/session/flags'
import { useSession } from '../../../src/core/session/store'
import { Header } from '../../../src/features/shell/components/Header'
import { installFakeApi, ok } from '../support/fake-api'

let mockDesktop = true
jest.mock('../../../src/core/platform/viewport', () => ({ useIsDesktop: () => mockDesktop }))

beforeEach(() => {
  installFakeApi()
    .on('GET', '/api/pc/getUnReadCount', () => ok(3))
    .on('GET', '/api/appWorkOrderCommunicationRecords/getRecordCount', () => ok(0))
  useSessionFlags.setState({ showHead: true })
  useSession.getState().signIn({ token: 't', accountId: 1, subAccountId: 0, role: 0 })
  jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' })
})
afterEach(() => jest.restoreAllMocks())

describe('header 消息 badge (account-area §2: the notice list opens in a new tab)', () => {
  it('opens /notices in one browser tab on desktop, the same tab at every click', async () => {
    mockDesktop = true
    const open = jest.spyOn(window, 'open').mockReturnValue(null)
    render(<Header />)
    const user = userEvent.setup()
    await user.click(await screen.findByLabelText('消息 3'))
    await user.click(screen.getByLabelText('消息 3'))
    expect(open.mock.calls).toEqual([
      ['/notices', 'member-centre-notices'],
      ['/notices', 'member-centre-notices'],
    ])
    expect(Taro.navigateTo).not.toHaveBeenCalled()
  })

  it('opens /notices in the same tab on phones', async () => {
    mockDesktop = false
    const open = jest.spyOn(window, 'open').mockReturnValue(null)
    render(<Header />)
    await userEvent.setup().click(await screen.findByLabelText('消息 3'))
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages/notices/index' })
    expect(open).not.toHaveBeenCalled()
  })
})
