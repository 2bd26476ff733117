// A failed query never writes the values it was sent into the log: Drizzle puts them in its
// message and `params`, the database repeats them in `detail`. The log keeps SQL text and SQLSTATE.
import { Writable } from 'node:stream'
import pino from 'pino'
import { migrateDatabase } from '../../server/db/migrate'
import { members } from '../../server/db/schema'
import { serializeError } from '../../server/http/log-serializers'
import { openTestDatabase } from './support/harness'

jest.setTimeout(120_000)

const SECRET_PHONE = '13912345678'

/** A duplicate phone: the insert fails with the phone among its parameters. */
async function failedInsert(): Promise<Error> {
  const { handle, dispose } = await openTestDatabase()
  try {
    // The throwaway PostgreSQL database starts empty (PGlite comes migrated; migrating again is a no-op).
    await migrateDatabase(handle)
    const row = { phone: SECRET_PHONE, email: 'x@example.com', createdAt: new Date() }
    await handle.db.insert(members).values(row)
    await handle.db.insert(members).values(row)
  } catch (error) {
    return error as Error
  } finally {
    await dispose()
  }
  throw new Error('the second insert was expected to fail')
}

/** What a logger with the server's serializer writes for `{ err }`. */
function logged(err: Error): string {
  let out = ''
  const sink = new Writable({
    write(chunk, _encoding, done) {
      out += String(chunk)
      done()
    },
  })
  pino({ serializers: { err: serializeError } }, sink).error({ err }, 'request failed')
  return out
}

it('keeps the SQL text and SQLSTATE of a failed query, never its parameters', async () => {
  const err = await failedInsert()
  // Without the serializer the phone would be written three times (message, params, detail).
  expect(JSON.stringify({ message: err.message, params: (err as { params?: unknown }).params })).toContain(
    SECRET_PHONE,
  )
  const line = logged(err)
  expect(line).not.toContain(SECRET_PHONE)
  const entry = JSON.parse(line).err
  expect(entry.query).toMatch(/^insert into "members"/)
  expect(entry.message).toBe(`Failed query: ${entry.query}`)
  expect(entry.cause).toEqual(expect.objectContaining({ code: '23505', constraint: 'members_phone_key' }))
  expect(entry.stack).toContain('Failed query')
})

it('drops the value-bearing fields of a database error thrown as it is, and keeps other errors whole', () => {
  const raw = Object.assign(new Error('duplicate key value violates unique constraint "members_phone_key"'), {
    code: '23505',
    detail: `Key (phone)=(${SECRET_PHONE}) already exists.`,
  })
  const entry = JSON.parse(logged(raw)).err
  expect(entry).toEqual(expect.objectContaining({ code: '23505', message: raw.message }))
  expect(JSON.stringify(entry)).not.toContain(SECRET_PHONE)
  const plain = JSON.parse(logged(new TypeError('boom'))).err
  expect(plain).toEqual(expect.objectContaining({ type: 'TypeError', message: 'boom' }))
})
