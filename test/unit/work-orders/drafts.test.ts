// Drafts survive what ends a session (logout, idle, 996 all clear only the session store) and are
// never read by another member or account on the same device.
jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-storage').taroStorageModule)

import { storage as mockStorage } from '../support/taro-storage'
import { useSession } from '../../../src/core/session/store'
import {
  clearDraft,
  currentOwner,
  draftKey,
  readDraft,
  replyDraftName,
  writeDraft,
} from '../../../src/features/work-orders/drafts'

const member1 = { memberId: 11, accountId: 101 }

beforeEach(() => mockStorage.clear())

describe('work-order drafts', () => {
  it('are keyed by member, account and form', () => {
    expect(draftKey(member1, 'submit-2')).toBe('mc-wo-draft:11:101:submit-2')
    expect(draftKey({ memberId: null, accountId: 101 }, 'x')).toBeNull()
    expect(draftKey({ memberId: 11, accountId: null }, 'x')).toBeNull()
  })

  it('are read back by the same member and account only', () => {
    writeDraft(member1, replyDraftName(5), { content: '还是打不开' })
    expect(readDraft(member1, 'reply-5')).toEqual({ content: '还是打不开' })
    expect(readDraft({ memberId: 12, accountId: 101 }, 'reply-5')).toBeNull()
    expect(readDraft({ memberId: 11, accountId: 102 }, 'reply-5')).toBeNull()
    expect(readDraft(member1, 'reply-6')).toBeNull()
  })

  it('survive the session being cleared (logout, idle logout, 996) and go when discarded', () => {
    useSession.getState().signIn({ token: 't', accountId: 101, subAccountId: 0, role: 0 })
    writeDraft(member1, 'submit-3', { templateId: 4 })
    useSession.getState().clear()
    expect(readDraft(member1, 'submit-3')).toEqual({ templateId: 4 })
    clearDraft(member1, 'submit-3')
    expect(readDraft(member1, 'submit-3')).toBeNull()
  })

  it('belong to the session on screen', () => {
    useSession.getState().signIn({ token: 't', accountId: 101, subAccountId: 0, role: 0 })
    expect(currentOwner()).toEqual({ memberId: undefined, accountId: 101 })
    useSession.getState().setUserinfo({ memberId: 11, role: 0 } as never)
    expect(currentOwner()).toEqual(member1)
  })

  it('a broken stored value reads as no draft', () => {
    mockStorage.set('mc-wo-draft:11:101:reply-1', '{not json')
    expect(readDraft(member1, 'reply-1')).toBeNull()
  })
})
