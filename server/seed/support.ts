// What every domain's demo seed receives: the transaction and the ids of the demo members and accounts.
import { hours } from '../context'
import { hashPassword } from '../security/password'
import { DEMO_PASSWORD } from '../db/demo'

let demoHash: Promise<string> | null = null
/** Every demo member has the demo password: one scrypt hash (~0.4 s at N = 2^17) serves them all. */
export function demoPasswordHash(): Promise<string> {
  return (demoHash ??= hashPassword(DEMO_PASSWORD))
}

export const daysAgo = (at: Date, days: number) => new Date(at.getTime() - days * hours(24))

export interface DemoIds {
  /** The seeding time; every demo date is relative to it. */
  at: Date
  /** Members: 13800000001 (owns 星辰科技, sub-admin of 云帆贸易), 13800000002, 13800000003, no phone. */
  owner: number
  subAdmin: number
  otherOwner: number
  noPhone: number
  /** Accounts: 星辰科技 (demo_main) and 云帆贸易 (demo_other). */
  main: number
  other: number
  /** 李子管, 13800000002's sub-admin role on 星辰科技. */
  liZiguan: number
}
