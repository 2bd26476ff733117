// The member account a registration gets (core/validation/generated-names.ts): `mc<phone>`, with a
// suffix when that name is taken (an account renamed so before the names were reserved).
import { eq, like, or, sql } from 'drizzle-orm'
import { generatedName } from '../../../src/core/validation/generated-names'
import type { AppContext } from '../../context'
import { accounts } from '../../db/schema'

export async function freeGeneratedName({ db }: Pick<AppContext, 'db'>, phone: string): Promise<string> {
  const base = `mc${phone}`
  const name = sql<string>`lower(${accounts.memberAccount})`
  const rows = await db
    .select({ name: accounts.memberAccount })
    .from(accounts)
    // The phone is 11 digits: nothing in it is a LIKE wildcard.
    .where(or(eq(name, base), like(name, `${base}\\_%`)))
  return generatedName(
    phone,
    rows.map((row) => row.name),
  )
}
