// Who an audience key names (消息接收管理), read once for many accounts: 'owner' is the owner member,
// 'sub:<id>' a live, activated sub-admin of THAT account with 接收通知 on, 'rcpt:<id>' a live recipient
// added by hand to that account, reachable on the channels it confirmed. Anyone else is no one.
import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { Audience, AudienceKey } from '../../../src/core/contract/notifications'
import type { Database } from '../../db/client'
import { accounts, members, recipients, subAccounts } from '../../db/schema'

/** A person's addresses; null where a channel cannot reach them. */
export interface Person {
  name: string
  phone: string | null
  email: string | null
  /** The member behind an owner or a sub-admin (WeChat reaches members); null for a recipient. */
  memberId: number | null
}

export interface AccountPeople {
  owner: Person
  subAdmins: Map<number, Person>
  /** Hand-added recipients; phone and email only once confirmed. */
  recipients: Map<number, Person>
}

export type ParsedKey = { kind: 'owner' } | { kind: 'sub' | 'rcpt'; id: number }

export function parseKey(key: AudienceKey): ParsedKey | null {
  if (key === 'owner') return { kind: 'owner' }
  const match = /^(sub|rcpt):([1-9]\d{0,9})$/.exec(key)
  return match ? { kind: match[1] as 'sub' | 'rcpt', id: Number(match[2]) } : null
}

type Reader = Pick<Database, 'select'>

/** The people of each account (accounts that do not exist are left out). */
export async function peopleOf(db: Reader, accountIds: number[]): Promise<Map<number, AccountPeople>> {
  const ids = [...new Set(accountIds)]
  const people = new Map<number, AccountPeople>()
  if (!ids.length) return people
  const owners = await db
    .select({
      accountId: accounts.id,
      name: accounts.accountName,
      phone: members.phone,
      email: members.email,
      memberId: members.id,
    })
    .from(accounts)
    .innerJoin(members, eq(members.id, accounts.ownerMemberId))
    .where(inArray(accounts.id, ids))
  for (const owner of owners)
    people.set(owner.accountId, {
      owner: {
        name: owner.name,
        phone: owner.phone || null,
        email: owner.email || null,
        memberId: owner.memberId,
      },
      subAdmins: new Map(),
      recipients: new Map(),
    })
  const subs = await db
    .select({
      id: subAccounts.id,
      accountId: subAccounts.accountId,
      name: subAccounts.fullName,
      phone: subAccounts.phoneNumber,
      email: subAccounts.mailbox,
      memberId: subAccounts.memberId,
    })
    .from(subAccounts)
    .where(
      and(
        inArray(subAccounts.accountId, ids),
        isNull(subAccounts.deletedAt),
        eq(subAccounts.activeState, 1),
        eq(subAccounts.isReceiveNotify, 1),
      ),
    )
  for (const sub of subs)
    people.get(sub.accountId)?.subAdmins.set(sub.id, {
      name: sub.name,
      phone: sub.phone || null,
      email: sub.email || null,
      memberId: sub.memberId,
    })
  const hands = await db
    .select({
      id: recipients.id,
      accountId: recipients.accountId,
      name: recipients.fullName,
      phone: recipients.phone,
      email: recipients.mailbox,
      smsValidated: recipients.smsValidated,
      emailValidated: recipients.emailValidated,
    })
    .from(recipients)
    .where(
      and(inArray(recipients.accountId, ids), isNull(recipients.subAccountId), isNull(recipients.deletedAt)),
    )
  for (const hand of hands)
    people.get(hand.accountId)?.recipients.set(hand.id, {
      name: hand.name,
      phone: hand.smsValidated === 1 && hand.phone ? hand.phone : null,
      email: hand.emailValidated === 1 && hand.email ? hand.email : null,
      memberId: null,
    })
  return people
}

/** The person a key names in this account, or null (deleted, switched off, another account's). */
export function personOf(people: AccountPeople, key: AudienceKey): Person | null {
  const parsed = parseKey(key)
  if (!parsed) return null
  if (parsed.kind === 'owner') return people.owner
  return (parsed.kind === 'sub' ? people.subAdmins : people.recipients).get(parsed.id) ?? null
}

/** Where a message goes: inbox addressees (null = the main account), phones and mailboxes, each once. */
export interface Reach {
  inbox: (number | null)[]
  phones: string[]
  mailboxes: string[]
  /** The people WeChat may reach (members), each once, with the addresses SMS and mail would use. */
  wechat: Person[]
}

/** Resolves an audience; the owner's inbox is always in it (站内信 is always on). */
export function reachOf(people: AccountPeople, audience: Audience): Reach {
  const inbox = new Set<number | null>([null])
  for (const key of audience.inbox ?? []) {
    const parsed = parseKey(key)
    if (parsed?.kind === 'sub' && people.subAdmins.has(parsed.id)) inbox.add(parsed.id)
  }
  const addresses = (keys: AudienceKey[] | undefined, pick: (person: Person) => string | null) => [
    ...new Set(
      (keys ?? []).flatMap((key) => {
        const person = personOf(people, key)
        const address = person && pick(person)
        return address ? [address.trim()] : []
      }),
    ),
  ]
  const wechat = new Map<number, Person>()
  for (const key of audience.wechat ?? []) {
    const person = personOf(people, key)
    if (person?.memberId) wechat.set(person.memberId, person)
  }
  return {
    inbox: [...inbox],
    phones: addresses(audience.sms, (person) => person.phone),
    mailboxes: addresses(audience.email, (person) => person.email?.toLowerCase() ?? null),
    wechat: [...wechat.values()],
  }
}
