import { ApiError } from '../../../src/core/http/api-error'
import { validateRecipient } from '../../../src/core/validation/recipient'
import {
  canEditRecipient,
  parseValidateQuery,
  runValidation,
  validateStateLabel,
} from '../../../src/features/sub-accounts/rules'

const valid = { fullName: '孙晓通', mailbox: 'sun@example.cn', bingPhone: '13800000021', position: '1' }

describe('the recipient form (doc2 §7; account-area §5 messages)', () => {
  it('accepts a complete form', () => {
    expect(validateRecipient(valid, ['1', '2'])).toEqual({})
  })

  it.each([
    [{ fullName: ' ' }, 'fullName', '请输入姓名'],
    [{ fullName: '名'.repeat(33) }, 'fullName', '姓名不能超过32个字符'],
    [{ mailbox: '' }, 'mailbox', '请输入邮箱'],
    [{ mailbox: 'sun@example' }, 'mailbox', '请输入正确的邮箱'],
    [{ bingPhone: '' }, 'bingPhone', '请输入手机号'],
    [{ bingPhone: '23800000021' }, 'bingPhone', '请输入正确的手机号'],
    [{ position: '' }, 'position', '请输入职位'],
    [{ position: '9' }, 'position', '请输入职位'],
  ])('%j → %s: %s', (change, field, message) => {
    expect(validateRecipient({ ...valid, ...change }, ['1', '2'])).toEqual({ [field]: message })
  })
})

describe('recipient rules', () => {
  it('labels a confirmation', () => {
    expect(validateStateLabel(1)).toBe('已验证')
    expect(validateStateLabel(0)).toBe('待验证')
    expect(validateStateLabel(undefined)).toBe('待验证')
  })

  it('lets the main account edit hand-added recipients only', () => {
    expect(canEditRecipient(true, { subAccountId: 0 })).toBe(true)
    expect(canEditRecipient(true, { subAccountId: 7 })).toBe(false)
    expect(canEditRecipient(false, { subAccountId: 0 })).toBe(false)
  })

  it('reads the /validate query; effectiveTime only when it is a time', () => {
    expect(parseValidateQuery({ id: ' abc ', validateType: '1', effectiveTime: '1767225600000' })).toEqual({
      id: 'abc',
      validateType: 1,
      effectiveTime: 1767225600000,
    })
    expect(parseValidateQuery({})).toEqual({ id: '', validateType: NaN, effectiveTime: null })
    expect(parseValidateQuery({ id: 'a', validateType: '2', effectiveTime: 'soon' }).effectiveTime).toBeNull()
  })
})

describe('runValidation (doc2 §4 Receiver confirmation)', () => {
  const query = { id: 'abc', validateType: 1, effectiveTime: null }
  const api = (valid: boolean, confirm: () => Promise<unknown> = async () => null) => {
    const calls: string[] = []
    return {
      calls,
      judge: async (id: string, type: number) => {
        calls.push(`judge ${id} ${type}`)
        return { valid }
      },
      confirm: async (id: string, type: number) => {
        calls.push(`confirm ${id} ${type}`)
        return confirm()
      },
    }
  }

  it('spends a valid link and succeeds', async () => {
    const fake = api(true)
    expect(await runValidation(query, fake)).toBe('success')
    expect(fake.calls).toEqual(['judge abc 1', 'confirm abc 1'])
  })

  it('an invalid link is the timeout and is not spent', async () => {
    const fake = api(false)
    expect(await runValidation(query, fake)).toBe('timeout')
    expect(fake.calls).toEqual(['judge abc 1'])
  })

  it('a malformed query is the timeout without a call', async () => {
    const fake = api(true)
    expect(await runValidation({ ...query, id: '' }, fake)).toBe('timeout')
    expect(await runValidation({ ...query, validateType: NaN }, fake)).toBe('timeout')
    expect(fake.calls).toEqual([])
  })

  it('a refused spend (another open won) is the timeout; a network failure is thrown for a retry', async () => {
    expect(
      await runValidation(
        query,
        api(true, () => Promise.reject(new ApiError(400, '添加超时 请重新获取验证'))),
      ),
    ).toBe('timeout')
    await expect(
      runValidation(
        query,
        api(true, () => Promise.reject(new ApiError(-1, 'request failed'))),
      ),
    ).rejects.toThrow('request failed')
  })
})
