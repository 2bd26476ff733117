// 评价 on 订单管理 gets an absolute /evaluate address from the server: the mini-program opens that
// page in-app (as 立即评价 on a work order does) instead of copying a browser link.
import { openInNewTab, openUrl } from '../../../src/core/platform/links'
import { openLink } from '../../../src/core/routing/open-link'

jest.mock('../../../src/core/platform/links', () => ({ openInNewTab: jest.fn(), openUrl: jest.fn() }))
// The mini-program's API base: the server that built the link.
jest.mock('../../../src/core/http/request', () => ({
  apiUrl: (path: string) => (/^https?:/.test(path) ? path : `https://mc.example.cn${path}`),
}))

beforeEach(() => jest.clearAllMocks())

describe('openLink', () => {
  it('opens our survey page in-app, with its query', () => {
    openLink('https://mc.example.cn/evaluate?uuId=u1')
    expect(openInNewTab).toHaveBeenCalledWith('/evaluate?uuId=u1')
    expect(openUrl).not.toHaveBeenCalled()
  })

  it('a path of ours too', () => {
    openLink('/evaluate?uuId=u2')
    expect(openInNewTab).toHaveBeenCalledWith('/evaluate?uuId=u2')
  })

  it("sends another site's address outside", () => {
    openLink('https://survey.other.cn/evaluate?uuId=u1')
    expect(openUrl).toHaveBeenCalledWith('https://survey.other.cn/evaluate?uuId=u1')
    expect(openInNewTab).not.toHaveBeenCalled()
  })
})
