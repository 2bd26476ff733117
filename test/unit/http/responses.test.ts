// The response-schema helpers (server/routes/responses.ts): what they answer at runtime through
// Fastify's serializer, and the contract tie they make in the type check.
import fastJson from 'fast-json-stringify'
import {
  answer,
  fileAnswer,
  int,
  listOf,
  nullable,
  nullAnswer,
  pageOf,
  responseOf,
  shape,
  text,
} from '../../../server/routes/responses'

/** The serializer Fastify builds for a route's HTTP 200 answer. */
const serializerOf = (response: { 200: unknown }) => fastJson(response[200] as object)

interface Person {
  name: string
  age: number
  nickname?: string
}

describe('shape', () => {
  it('requires every field but the optional ones, and allows no others', () => {
    expect(shape({ name: text, age: int, nickname: text }, ['nickname'])).toEqual({
      type: 'object',
      properties: { name: text, age: int, nickname: text },
      required: ['name', 'age'],
      additionalProperties: false,
    })
  })
})

describe('answer', () => {
  const serialize = serializerOf(answer(shape({ name: text, age: int })))

  it('serializes a success through the data schema: a field it does not list is dropped', () => {
    const handed = { code: 200, message: '操作成功', data: { name: '甲', age: 3, secret: 'x' } }
    expect(JSON.parse(serialize(handed))).toEqual({
      code: 200,
      message: '操作成功',
      data: { name: '甲', age: 3 },
    })
  })

  it('passes a refusal through as it is, whatever its data', () => {
    const refusal = { code: 4031, message: '请先验证', data: { method: 'sms', action: '修改密码' } }
    expect(JSON.parse(serialize(refusal))).toEqual(refusal)
    expect(JSON.parse(serialize({ code: 996, message: '请重新登录', data: null }))).toEqual({
      code: 996,
      message: '请重新登录',
      data: null,
    })
  })

  it('answers null data for ok(null)', () => {
    expect(JSON.parse(serializerOf(nullAnswer)({ code: 200, message: '删除成功！', data: null }))).toEqual({
      code: 200,
      message: '删除成功！',
      data: null,
    })
  })

  it('serializes nullable values and pages', () => {
    const page = serializerOf(answer(pageOf(shape({ id: int, note: nullable(text) }))))
    const handed = {
      code: 200,
      message: 'ok',
      data: {
        data: [
          { id: 1, note: null },
          { id: 2, note: 'a' },
        ],
        total: 2,
        pages: 1,
      },
    }
    expect(JSON.parse(page(handed))).toEqual(handed)
    expect(listOf(text)).toEqual({ type: 'array', items: text })
  })
})

describe('fileAnswer', () => {
  it('names each content type as bytes, and the refusal envelope as JSON', () => {
    const { 200: response } = fileAnswer(['text/csv']) as {
      200: { content: Record<string, { schema: unknown }> }
    }
    expect(Object.keys(response.content)).toEqual(['text/csv', 'application/json'])
    expect(response.content['text/csv'].schema).toEqual({ type: 'string', format: 'binary' })
  })
})

describe('responseOf', () => {
  it('takes a schema that says exactly what the contract type says', () => {
    const person = shape({ name: text, age: int, nickname: text }, ['nickname'])
    expect(responseOf<Person>()(person)).toBe(person)
  })

  it('refuses, in the type check, a schema that parts from its contract type', () => {
    // @ts-expect-error a field missing
    responseOf<Person>()(shape({ name: text, nickname: text }, ['nickname']))
    // @ts-expect-error a field retyped
    responseOf<Person>()(shape({ name: text, age: text, nickname: text }, ['nickname']))
    // @ts-expect-error an optional field made required
    responseOf<Person>()(shape({ name: text, age: int, nickname: text }))
    // @ts-expect-error a field the contract does not have
    responseOf<Person>()(shape({ name: text, age: int, nickname: text, extra: text }, ['nickname']))
  })
})
