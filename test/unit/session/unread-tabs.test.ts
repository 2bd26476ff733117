// A notice read in one tab updates the header badges of the console's other open tabs (H5: a
// BroadcastChannel in core/platform/tab-channel.h5.ts). Two channels of one name stand for two tabs.
jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-storage').taroStorageModule)

import { onOtherTabs, tellOtherTabs } from '../../../src/core/platform/tab-channel.h5'
import { onUnreadCountsStale, refreshUnreadCounts } from '../../../src/core/session/unread'

import { BroadcastChannel as NodeChannel } from 'node:worker_threads'

beforeAll(() => {
  ;(globalThis as { BroadcastChannel?: unknown }).BroadcastChannel ??= NodeChannel
})

const settle = () => new Promise((resolve) => setTimeout(resolve, 300))

describe('unread badges across tabs', () => {
  it('a refresh in this tab reaches another tab listening on the channel', async () => {
    const otherTab = new NodeChannel('member-centre')
    const heard: string[] = []
    otherTab.onmessage = (event) => {
      heard.push((event as { data: string }).data)
    }
    refreshUnreadCounts()
    await settle()
    otherTab.close()
    expect(heard).toEqual(['unread-counts-stale'])
  })

  it("another tab's refresh reloads this tab's header, until it stops listening", async () => {
    const reload = jest.fn()
    const stop = onUnreadCountsStale(reload)
    const otherTab = new NodeChannel('member-centre')
    otherTab.postMessage('unread-counts-stale')
    await settle()
    expect(reload).toHaveBeenCalledTimes(1)
    stop()
    otherTab.postMessage('unread-counts-stale')
    await settle()
    otherTab.close()
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('messages of other kinds are not a refresh', async () => {
    const handler = jest.fn()
    const stop = onOtherTabs(handler)
    tellOtherTabs('x')
    const otherTab = new NodeChannel('member-centre')
    otherTab.postMessage({ not: 'text' })
    await settle()
    otherTab.close()
    stop()
    expect(handler).not.toHaveBeenCalled()
  })
})
