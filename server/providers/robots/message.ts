// What a group-robot post is and what its platform answered, shared by the three platforms.
import type { DeliveryResult } from '../delivery'

/** What is posted: a notice's title, its text (plain) and the console page it is about. */
export interface RobotMessage {
  title: string
  text: string
  /** An absolute link to the console page, when there is one. */
  link?: string
}

export interface RobotTarget {
  url: string
  secret: string | null
}

/** What a post built for one platform is: the address to post to and the JSON body. */
export interface RobotRequest {
  url: string
  body: unknown
}

/** The platform's answer: the outbox's verdict, and its own words for the 发送测试 answer. */
export interface RobotAnswer {
  result: DeliveryResult
  /** The platform's error message and code (e.g. `sign not match（310000）`), or null. */
  detail: string | null
}

/** What a platform's JSON answer says, in the outbox's terms. */
export type PlatformVerdict = (answer: Record<string, unknown>) => RobotAnswer

/** The platform's error words for a person: its message and its code. */
export function platformDetail(message: unknown, code: unknown): string {
  const words = String(message ?? '').slice(0, 200)
  return words ? `${words}（${String(code)}）` : String(code)
}
