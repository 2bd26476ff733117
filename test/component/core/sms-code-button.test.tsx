import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { ApiError } from '../../../src/core/http/api-error'
import { SliderHost } from '../../../src/core/ui/captcha/SliderHost'
import { SliderCancelled, useSliderRequest } from '../../../src/core/ui/captcha/slider-request'
import { SmsCodeButton } from '../../../src/core/ui/SmsCodeButton'
import { useToasts } from '../../../src/core/ui/toast'
import { fail, installFakeApi, ok } from '../support/fake-api'

const puzzle = (id: string) => ({
  id,
  backgroundImage: 'data:image/png;base64,AA==',
  pieceImage: 'data:image/png;base64,AA==',
  y: 40,
  width: 260,
  height: 130,
  pieceSize: 44,
})

function setup(send: jest.Mock, phone = '13800000001') {
  let puzzles = 0
  const api = installFakeApi()
    .on('GET', '/api/app/genCaptcha', () => ok(puzzle(`p${++puzzles}`)))
    .on('POST', '/api/app/check222', (body) =>
      JSON.parse(String(body.captchaData)).x === 120 ? ok(null) : fail(400, '验证失败，请重新拖动滑块'),
    )
  const onPhoneError = jest.fn()
  const { unmount } = render(
    <>
      <SmsCodeButton phone={phone} send={send} onPhoneError={onPhoneError} />
      <SliderHost />
    </>,
  )
  return { api, onPhoneError, unmount }
}

async function drag(to: number) {
  const handle = await screen.findByRole('slider', { name: '拖动滑块' })
  fireEvent.mouseDown(handle, { clientX: 10 })
  fireEvent.mouseMove(document, { clientX: 10 + to })
  fireEvent.mouseUp(document)
}

const toastTexts = () => useToasts.getState().toasts.map((t) => `${t.kind}:${t.message}`)

beforeEach(() => {
  useToasts.setState({ toasts: [] })
  // Waits are kept in storage: each test starts with none.
  Taro.clearStorageSync()
})
afterEach(() => jest.useRealTimers())

describe('获取验证码 (slider, send, 60 s lock)', () => {
  it('asks for a valid phone before anything else', () => {
    const send = jest.fn()
    const { onPhoneError, api } = setup(send, '1380000')
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }))
    expect(onPhoneError).toHaveBeenCalledWith('请输入正确的手机号')
    expect(api.calls).toHaveLength(0)
  })

  it('sends after the slider is solved for that phone, then locks resending for 60 s', async () => {
    jest.useFakeTimers({ advanceTimers: true })
    const send = jest.fn().mockResolvedValue(null)
    const { api } = setup(send)
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }))
    await drag(120)
    await waitFor(() => expect(send).toHaveBeenCalledWith({ captchaId: 'p1', captchaData: '{"x":120}' }))
    expect(api.calls.find((c) => c.path === '/api/app/check222')?.body).toMatchObject({
      phone: '13800000001',
    })
    await waitFor(() => expect(toastTexts()).toContain('success:已发送'))
    expect(screen.getByRole('button', { name: /^(60|59)s后重新获取$/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
    act(() => jest.advanceTimersByTime(61_000))
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeInTheDocument()
  })

  it('a missed slide gets a new puzzle and sends nothing', async () => {
    const send = jest.fn()
    const { api } = setup(send)
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }))
    await drag(80)
    expect(await screen.findByText('验证失败，请重新拖动滑块')).toBeInTheDocument()
    expect(api.calls.filter((c) => c.path === '/api/app/genCaptcha')).toHaveLength(2)
    expect(send).not.toHaveBeenCalled()
  })

  it('a send refused for its puzzle shows why and the slider reloads by itself; solving it again sends', async () => {
    const send = jest
      .fn()
      .mockRejectedValueOnce(new ApiError(400, '请先完成滑块验证'))
      .mockResolvedValueOnce(null)
    const { api } = setup(send)
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }))
    await drag(120)
    await waitFor(() => expect(toastTexts()).toContain('error:请先完成滑块验证'))
    // No click: a new puzzle is fetched and shown.
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/api/app/genCaptcha')).toHaveLength(2))
    await drag(120)
    await waitFor(() => expect(send).toHaveBeenLastCalledWith({ captchaId: 'p2', captchaData: '{"x":120}' }))
    await waitFor(() => expect(toastTexts()).toContain('success:已发送'))
    expect(send).toHaveBeenCalledTimes(2)
  })

  it.each(['发送过于频繁，请60秒后再试', '该手机号未注册会员中心主账号', '短信发送失败'])(
    'a refusal a new puzzle cannot fix (%s) is shown; the slider stays closed, the button ready',
    async (message) => {
      const send = jest.fn().mockRejectedValue(new ApiError(400, message))
      const { api } = setup(send)
      fireEvent.click(screen.getByRole('button', { name: '获取验证码' }))
      await drag(120)
      await waitFor(() => expect(toastTexts()).toContain(`error:${message}`))
      await waitFor(() =>
        expect(screen.getByRole('button', { name: '获取验证码' })).toHaveAttribute('aria-disabled', 'false'),
      )
      expect(useSliderRequest.getState().request).toBeNull()
      // No new puzzle is asked for: the slider stays closed.
      expect(document.querySelector('.at-modal--active')).toBeNull()
      expect(api.calls.filter((c) => c.path === '/api/app/genCaptcha')).toHaveLength(1)
      expect(send).toHaveBeenCalledTimes(1)
    },
  )

  it('closing the reloaded slider gives up and leaves the button ready', async () => {
    const send = jest.fn().mockRejectedValue(new ApiError(400, '验证码已失效，请刷新后重试'))
    const { api } = setup(send)
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }))
    await drag(120)
    await waitFor(() => expect(toastTexts()).toContain('error:验证码已失效，请刷新后重试'))
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/api/app/genCaptcha')).toHaveLength(2))
    await screen.findByRole('slider', { name: '拖动滑块' })
    act(() => useSliderRequest.getState().request?.reject(new SliderCancelled('closed')))
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '获取验证码' })).toHaveAttribute('aria-disabled', 'false'),
    )
    expect(send).toHaveBeenCalledTimes(1)
  })

  it("a form shown again (or the page reloaded) counts down what is left of that phone's wait, without a slider", async () => {
    jest.useFakeTimers({ advanceTimers: true })
    const send = jest.fn().mockResolvedValue(null)
    const { api, unmount } = setup(send)
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }))
    await drag(120)
    await waitFor(() => expect(toastTexts()).toContain('success:已发送'))
    unmount()
    act(() => jest.advanceTimersByTime(20_000))
    setup(send)
    const button = screen.getByRole('button', { name: /^(40|39)s后重新获取$/ })
    expect(button).toHaveAttribute('aria-disabled', 'true')
    fireEvent.click(button)
    expect(useSliderRequest.getState().request).toBeNull()
    expect(api.calls.filter((c) => c.path === '/api/app/genCaptcha')).toHaveLength(1)
    act(() => jest.advanceTimersByTime(41_000))
    expect(screen.getByRole('button', { name: '获取验证码' })).toHaveAttribute('aria-disabled', 'false')
  })

  it('the wait belongs to its phone: another phone is ready, the first one still waits', async () => {
    jest.useFakeTimers({ advanceTimers: true })
    const send = jest.fn().mockResolvedValue(null)
    installFakeApi()
      .on('GET', '/api/app/genCaptcha', () => ok(puzzle('p1')))
      .on('POST', '/api/app/check222', () => ok(null))
    const button = (phone: string) => (
      <>
        <SmsCodeButton phone={phone} send={send} />
        <SliderHost />
      </>
    )
    const view = render(button('13800000001'))
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }))
    await drag(120)
    await waitFor(() => expect(toastTexts()).toContain('success:已发送'))
    view.rerender(button('13800000002'))
    expect(screen.getByRole('button', { name: '获取验证码' })).toHaveAttribute('aria-disabled', 'false')
    act(() => jest.advanceTimersByTime(10_000))
    view.rerender(button('13800000001'))
    expect(screen.getByRole('button', { name: /^(50|49)s后重新获取$/ })).toBeInTheDocument()
  })

  it("a send refused for the phone's wait counts down the seconds the server says are left", async () => {
    jest.useFakeTimers({ advanceTimers: true })
    const send = jest
      .fn()
      .mockRejectedValue(new ApiError(429, '发送过于频繁，请60秒后再试', { retryAfter: 42 }))
    const { api } = setup(send)
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }))
    await drag(120)
    await waitFor(() => expect(toastTexts()).toContain('error:发送过于频繁，请60秒后再试'))
    const waiting = await screen.findByRole('button', { name: /^(42|41)s后重新获取$/ })
    expect(waiting).toHaveAttribute('aria-disabled', 'true')
    expect(api.calls.filter((c) => c.path === '/api/app/genCaptcha')).toHaveLength(1)
    act(() => jest.advanceTimersByTime(43_000))
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeInTheDocument()
  })

  it("a send to the bound phone keeps its wait under the form's countdown key", async () => {
    jest.useFakeTimers({ advanceTimers: true })
    installFakeApi()
      .on('GET', '/api/app/genCaptcha', () => ok(puzzle('p1')))
      .on('POST', '/api/app/check222', () => ok(null))
    const send = jest.fn().mockResolvedValue(null)
    const button = () => (
      <>
        <SmsCodeButton phone='' skipPhoneCheck send={send} countdownKey='kept-wait' />
        <SliderHost />
      </>
    )
    const first = render(button())
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }))
    await drag(120)
    await waitFor(() => expect(toastTexts()).toContain('success:已发送'))
    first.unmount()
    act(() => jest.advanceTimersByTime(20_000))
    render(button())
    expect(screen.getByRole('button', { name: /^(40|39)s后重新获取$/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
  })
})
