import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import Taro from '@tarojs/taro'
import type { EvaluateDetail, SurveyAnswer, SurveyItem } from '../../../src/core/contract/evaluations'
import { useToasts } from '../../../src/core/ui/toast'
import { EvaluationPage } from '../../../src/features/evaluations/components/EvaluationPage'
import { installFakeApi, ok, type FakeApi } from '../support/fake-api'

const DETAIL = '/api/app/evaluate/getEvaluateDetail'
const SUBMIT = '/api/app/evaluate/sumbit'

const item = (type: SurveyItem['type'], title: string, extra: Partial<SurveyItem> = {}): SurveyItem => ({
  type,
  title,
  explain: '',
  required: true,
  data: [],
  dataValue: '',
  align: 'left',
  ...extra,
})

const ITEMS: SurveyItem[] = [
  item(0, '服务满意度调查', { align: 'center' }),
  item(1, '请花一分钟', { required: false }),
  item(6, '整体评分', { explain: '1 星最低' }),
  item(2, '是否满意', { data: ['满意', '不满意'] }),
  item(3, '看重什么', { data: ['价格', '速度'] }),
  item(4, '从哪里了解'),
  item(5, '其他建议', { required: false }),
]

const survey = (evaluateStatus: number, answers?: SurveyAnswer[]): EvaluateDetail => ({
  id: 'uuid-1',
  evaluateStatus,
  items: ITEMS,
  ...(answers ? { answers } : {}),
})

const toasts = () => useToasts.getState().toasts.map((t) => t.message)
/** A field of the survey, once the page has rendered it. */
const field = (name: string) =>
  waitFor(() => {
    const element = document.querySelector(`input[name="${name}"], textarea[name="${name}"]`) as
      HTMLInputElement | HTMLTextAreaElement
    if (!element) throw new Error(`no field ${name}`)
    return element
  })
const type = async (name: string, text: string) => {
  const element = await field(name)
  fireEvent.input(element, { target: { value: text } })
}
const submitButton = () => screen.getByRole('button', { name: '提交' })

beforeEach(() => useToasts.setState({ toasts: [] }))

function openSurvey(): FakeApi {
  let status = 0
  let stored: SurveyAnswer[] | undefined
  const api = installFakeApi()
  api.on('GET', DETAIL, () => ok(survey(status, stored)))
  api.on('POST', SUBMIT, (body) => {
    status = 1
    stored = JSON.parse(String(body.evaluateContent))
    return { code: 200, message: '评价成功！', data: null }
  })
  return api
}

describe('/evaluate (doc2 §2 Evaluation, §5, §8)', () => {
  it('renders every item type and shows the required messages on an empty submit, without calling', async () => {
    const api = openSurvey()
    render(<EvaluationPage uuId='uuid-1' />)
    expect(await screen.findByRole('heading', { name: '服务满意度调查', level: 1 })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: '请花一分钟', level: 2 })).toBeInTheDocument()
    expect(within(screen.getByRole('radiogroup', { name: '整体评分' })).getAllByRole('radio')).toHaveLength(5)
    expect(screen.getByRole('radio', { name: '3星' })).toBeInTheDocument()
    expect(screen.getByText('1 星最低')).toBeInTheDocument()
    expect(await field('survey-5')).toHaveAttribute('placeholder', '请输入')

    await userEvent.click(submitButton())
    const messages = screen.getAllByRole('alert').map((a) => a.textContent)
    expect(messages).toEqual(['请选择', '请选择', '请选择', '此处为必填项，您尚未填写。'])
    expect(api.calls.filter((c) => c.path === SUBMIT)).toHaveLength(0)

    // Answering an item clears its message.
    await userEvent.click(screen.getByRole('radio', { name: '4星' }))
    expect(screen.getAllByRole('alert')).toHaveLength(3)
  })

  it('submits the answers as JSON with the uuId, says 评价成功！ and shows them read-only with 已提交', async () => {
    const api = openSurvey()
    render(<EvaluationPage uuId='uuid-1' />)
    await userEvent.click(await screen.findByRole('radio', { name: '4星' }))
    await userEvent.click(screen.getByRole('radio', { name: '满意' }))
    await userEvent.click(screen.getByRole('checkbox', { name: '速度' }))
    await userEvent.click(screen.getByRole('checkbox', { name: '价格' }))
    await type('survey-5', '朋友推荐')
    await userEvent.click(submitButton())

    await waitFor(() => expect(toasts()).toContain('评价成功！'))
    const sent = api.calls.find((c) => c.path === SUBMIT)!.body
    expect(sent.id).toBe('uuid-1')
    expect(JSON.parse(String(sent.evaluateContent))).toEqual([
      null,
      null,
      4,
      '满意',
      ['价格', '速度'],
      '朋友推荐',
      '',
    ])

    const done = await screen.findByRole('button', { name: '已提交' })
    expect(done).toHaveAttribute('aria-disabled', 'true')
    expect(screen.getByRole('radio', { name: '4星' })).toHaveAttribute('aria-checked', 'true')
    expect(screen.getByRole('radio', { name: '满意' })).toHaveAttribute('aria-disabled', 'true')
    await userEvent.click(screen.getByRole('radio', { name: '不满意' }))
    expect(screen.getByRole('radio', { name: '满意' })).toHaveAttribute('aria-checked', 'true')
    expect((await field('survey-5')).value).toBe('朋友推荐')
  })

  it('keeps every answer and shows the refusal persistently when the submit is refused', async () => {
    const api = installFakeApi()
    api.on('GET', DETAIL, () => ok(survey(0)))
    api.on('POST', SUBMIT, () => ({ code: 400, message: '链接已失效', data: null }))
    render(<EvaluationPage uuId='uuid-1' />)
    await userEvent.click(await screen.findByRole('radio', { name: '5星' }))
    await userEvent.click(screen.getByRole('radio', { name: '不满意' }))
    await userEvent.click(screen.getByRole('checkbox', { name: '价格' }))
    await type('survey-5', '广告')
    await type('survey-6', '希望更快')
    await userEvent.click(submitButton())

    expect((await screen.findByRole('alert')).textContent).toContain('链接已失效')
    expect(toasts()).toEqual([])
    expect(screen.getByRole('radio', { name: '5星' })).toHaveAttribute('aria-checked', 'true')
    expect(screen.getByRole('checkbox', { name: '价格' })).toHaveAttribute('aria-checked', 'true')
    expect((await field('survey-5')).value).toBe('广告')
    expect((await field('survey-6')).value).toBe('希望更快')
    expect(submitButton()).toHaveAttribute('aria-disabled', 'false')
  })

  it('shows a submitted survey read-only from the start', async () => {
    const api = installFakeApi()
    api.on('GET', DETAIL, () => ok(survey(1, [null, null, 2, '不满意', ['速度'], '搜索', ''])))
    render(<EvaluationPage uuId='uuid-1' />)
    expect(await screen.findByRole('button', { name: '已提交' })).toHaveAttribute('aria-disabled', 'true')
    expect(screen.getByRole('radio', { name: '2星' })).toHaveAttribute('aria-checked', 'true')
    expect(screen.getByRole('checkbox', { name: '速度' })).toHaveAttribute('aria-checked', 'true')
    expect(screen.queryByRole('button', { name: '提交' })).not.toBeInTheDocument()
    // A text item left empty says so.
    expect((await field('survey-5')).value).toBe('搜索')
    expect(await field('survey-6')).toHaveAttribute('placeholder', '未填写')
  })

  it('shows only 已评价 and thanks for a submitted survey the server sends without answers', async () => {
    const api = installFakeApi()
    api.on('GET', DETAIL, () => ok(survey(1)))
    render(<EvaluationPage uuId='uuid-1' />)
    const rated = await screen.findByRole('status')
    expect(rated.textContent).toContain('已评价')
    expect(rated.textContent).toContain('感谢您的评价！')
    expect(screen.queryByRole('radio')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: '提交' })).not.toBeInTheDocument()
  })

  it('after a submit without the account’s session, the page says 已评价 instead of showing the answers', async () => {
    let submitted = false
    const api = installFakeApi()
    api.on('GET', DETAIL, () => ok(survey(submitted ? 1 : 0)))
    api.on('POST', SUBMIT, () => {
      submitted = true
      return ok(null)
    })
    render(<EvaluationPage uuId='uuid-1' />)
    await userEvent.click(await screen.findByRole('radio', { name: '4星' }))
    await userEvent.click(screen.getByRole('radio', { name: '满意' }))
    await userEvent.click(screen.getByRole('checkbox', { name: '速度' }))
    await type('survey-5', '朋友推荐')
    await userEvent.click(submitButton())
    expect((await screen.findByRole('status')).textContent).toContain('已评价')
    expect(screen.queryByRole('radio', { name: '4星' })).not.toBeInTheDocument()
  })

  it.each([
    ['an expired or unknown link', () => ({ code: 400, message: '链接已失效', data: null })],
    ['status 3', () => ok(survey(3))],
  ])('shows 链接已失效 in the page for %s, not as a toast', async (_label, answer) => {
    const api = installFakeApi()
    api.on('GET', DETAIL, answer)
    render(<EvaluationPage uuId='gone' />)
    expect((await screen.findByRole('alert')).textContent).toContain('链接已失效')
    expect(toasts()).toEqual([])
    expect(screen.queryByRole('form')).not.toBeInTheDocument()
  })

  it('shows 链接已失效 without asking when the link has no uuId', async () => {
    const api = installFakeApi()
    render(<EvaluationPage uuId='' />)
    expect((await screen.findByRole('alert')).textContent).toContain('链接已失效')
    expect(api.calls).toHaveLength(0)
  })

  it('offers 重试 after a network failure and then shows the survey', async () => {
    const api = installFakeApi()
    api.failNetwork(DETAIL)
    render(<EvaluationPage uuId='uuid-1' />)
    const retry = await screen.findByRole('button', { name: '重试' })
    const fixed = installFakeApi()
    fixed.on('GET', DETAIL, () => ok(survey(0)))
    await userEvent.click(retry)
    expect(await screen.findByRole('button', { name: '提交' })).toBeInTheDocument()
  })
})

describe('/evaluate header', () => {
  afterEach(() => jest.restoreAllMocks())

  it('carries the console brand and a 返回 to the page the link was opened from', async () => {
    openSurvey()
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{}, {}] as never)
    const back = jest.spyOn(Taro, 'navigateBack').mockResolvedValue({ errMsg: 'navigateBack:ok' })
    render(<EvaluationPage uuId='uuid-1' />)
    const banner = screen.getByRole('banner')
    expect(banner.textContent).toContain('会员中心')
    await userEvent.click(within(banner).getByRole('link', { name: '‹ 返回' }))
    expect(back).toHaveBeenCalled()
  })

  it('opened first (a message link), 返回 goes to the console home', async () => {
    installFakeApi().on('GET', DETAIL, () => ({ code: 400, message: '链接已失效', data: null }))
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{}] as never)
    const redirect = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'redirectTo:ok' })
    render(<EvaluationPage uuId='gone' />)
    await userEvent.click(screen.getByRole('link', { name: '‹ 返回' }))
    expect(redirect).toHaveBeenCalledWith({ url: expect.stringContaining('pages/index/index') })
  })
})
