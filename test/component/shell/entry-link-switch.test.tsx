// An entry link over an existing session (account-area §2): it asks before switching identity,
// 取消 keeps the current session, and a failed exchange leaves the session as it was.
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useEffect, useState } from 'react'
import { useSession } from '../../../src/core/session/store'
import { useToasts } from '../../../src/core/ui/toast'
import { enterWithLink } from '../../../src/features/shell/entry-link'
import { useSwitchQuestion } from '../../../src/core/session/useSwitchQuestion'
import { fail, installFakeApi, ok } from '../support/fake-api'

const FK_TOKEN = '/api/feignApi/fkToken'
const LOGOUT = '/api/pc/logout'
const QUESTION = '当前已登录其他账号，是否切换到链接中的账号？'
const decision = {
  kind: 'exchangeEntryToken' as const,
  entryToken: 'entry-1',
  continueTo: '/myWorkOrder',
  workOrderLogin: true,
}

/** The page frame's part: the question hook, and the link entered once. */
function EntryHarness({ onDone }: { onDone(target: string): void }) {
  const question = useSwitchQuestion()
  const [started, setStarted] = useState(false)
  useEffect(() => {
    if (started) return
    setStarted(true)
    void enterWithLink(decision, question.ask).then(onDone)
  }, [started, question.ask, onDone])
  return <>{question.dialog}</>
}

/** The question is showing (AtModal keeps its text in the page while closed). */
const asking = () => document.querySelector('.at-modal--active')?.textContent?.includes(QUESTION) ?? false

const signedInAsOwner = () =>
  useSession.getState().signIn({ token: 'current', accountId: 1, subAccountId: 0, role: 0 })
const logoutTokens = (api: ReturnType<typeof installFakeApi>) =>
  api.calls.filter((call) => call.path === LOGOUT).map((call) => call.headers.token)

beforeEach(() => {
  useSession.getState().clear()
  useToasts.setState({ toasts: [] })
})

describe('an entry link for another account', () => {
  it('asks first; 取消 keeps the current session, ends the link’s, and goes on without the token', async () => {
    signedInAsOwner()
    const api = installFakeApi()
      .on('GET', FK_TOKEN, () => ok({ token: 'linked', accountId: 2, subAccountId: 0, role: 0 }))
      .on('GET', LOGOUT, () => ok(null))
    const onDone = jest.fn()
    render(<EntryHarness onDone={onDone} />)
    await waitFor(() => expect(asking()).toBe(true))
    expect(useSession.getState().token).toBe('current')
    await userEvent.click(screen.getByText('取消'))
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('/myWorkOrder'))
    expect(asking()).toBe(false)
    expect(useSession.getState()).toMatchObject({ token: 'current', id: 1 })
    await waitFor(() => expect(logoutTokens(api)).toEqual(['linked']))
  })

  it('切换 takes the link’s session and ends the one it replaces', async () => {
    signedInAsOwner()
    const api = installFakeApi()
      .on('GET', FK_TOKEN, () => ok({ token: 'linked', accountId: 2, subAccountId: 0, role: 0 }))
      .on('GET', LOGOUT, () => ok(null))
    const onDone = jest.fn()
    render(<EntryHarness onDone={onDone} />)
    await waitFor(() => expect(asking()).toBe(true))
    await userEvent.click(screen.getByText('切换'))
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('/myWorkOrder'))
    expect(useSession.getState()).toMatchObject({ token: 'linked', id: 2, orderSource: 'workOrder' })
    await waitFor(() => expect(logoutTokens(api)).toEqual(['current']))
  })
})

describe('an entry link without a question', () => {
  it('logs a visitor in without asking', async () => {
    installFakeApi().on('GET', FK_TOKEN, () =>
      ok({ token: 'linked', accountId: 2, subAccountId: 0, role: 0 }),
    )
    const onDone = jest.fn()
    render(<EntryHarness onDone={onDone} />)
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('/myWorkOrder'))
    expect(asking()).toBe(false)
    expect(useSession.getState().token).toBe('linked')
  })

  it('a failed exchange keeps the current session and goes on to the page', async () => {
    signedInAsOwner()
    installFakeApi().on('GET', FK_TOKEN, () => fail(400, '登录凭证已失效，请重新登录'))
    const onDone = jest.fn()
    render(<EntryHarness onDone={onDone} />)
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('/myWorkOrder'))
    expect(useSession.getState()).toMatchObject({ token: 'current', id: 1 })
    expect(useToasts.getState().toasts.map((t) => t.message)).toContain('登录凭证已失效，请重新登录')
  })

  it('a failed exchange sends a visitor to /login', async () => {
    installFakeApi().on('GET', FK_TOKEN, () => fail(400, '登录凭证已失效，请重新登录'))
    const onDone = jest.fn()
    render(<EntryHarness onDone={onDone} />)
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('/login'))
    expect(useSession.getState().token).toBe('')
  })
})
