// The QR-scene state machine shared by the WeChat login scenes and the bind / change scenes
// (server/services/wechat/qr-scene.ts): every status against every event, expiry and single use.
import { PgDialect } from 'drizzle-orm/pg-core'
import { wechatBindScenes, wechatScenes } from '../../../server/db/schema'
import * as qrScene from '../../../server/services/wechat/qr-scene'
import type { SceneEvent, SceneStatus } from '../../../server/services/wechat/qr-scene'

const created = new Date('2026-03-01T10:00:00Z')
const expiresAt = qrScene.expiresAtFor(created)
const before = new Date(expiresAt.getTime() - 1)
const scene = (status: SceneStatus) => ({ status, expiresAt })

// The table as the docs state it, written out here rather than read from the module under test.
const EXPECTED: Record<SceneStatus, Record<SceneEvent, SceneStatus | null>> = {
  waiting: { scan: 'scanned', confirm: null, cancel: 'cancelled', consume: null },
  scanned: { scan: 'scanned', confirm: 'confirmed', cancel: 'cancelled', consume: null },
  confirmed: { scan: null, confirm: null, cancel: null, consume: 'consumed' },
  consumed: { scan: null, confirm: null, cancel: null, consume: null },
  cancelled: { scan: null, confirm: null, cancel: null, consume: null },
}
const EVENTS: SceneEvent[] = ['scan', 'confirm', 'cancel', 'consume']
const CELLS = qrScene.STATUSES.flatMap((status) =>
  EVENTS.map((event) => [status, event, EXPECTED[status][event]] as const),
)

describe('QR scene state machine', () => {
  it('starts waiting and lives two minutes', () => {
    expect(qrScene.START).toBe('waiting')
    expect(qrScene.QR_TTL_MS).toBe(120_000)
    expect(expiresAt.toISOString()).toBe('2026-03-01T10:02:00.000Z')
  })

  it.each(CELLS)('%s --%s--> %s before it expires', (status, event, next) => {
    expect(qrScene.after(scene(status), event, before)).toBe(next)
  })

  it.each(CELLS)('%s --%s--> nothing once expired', (status, event) => {
    expect(qrScene.after(scene(status), event, expiresAt)).toBeNull()
    expect(qrScene.after(scene(status), event, new Date(expiresAt.getTime() + 60_000))).toBeNull()
  })

  it('gives a confirmed scene once: consumed cannot be consumed again', () => {
    const consumed = qrScene.after(scene('confirmed'), 'consume', before)
    expect(consumed).toBe('consumed')
    expect(qrScene.after(scene(consumed as SceneStatus), 'consume', before)).toBeNull()
  })

  it('confirms only a scene someone has scanned (and been shown the confirmation)', () => {
    expect(qrScene.after(scene('waiting'), 'confirm', before)).toBeNull()
    expect(qrScene.after(scene('scanned'), 'scan', before)).toBe('scanned')
  })

  it('walks the whole login path: waiting, scanned, confirmed, consumed', () => {
    let status: SceneStatus = qrScene.START
    for (const event of ['scan', 'confirm', 'consume'] as const) {
      const next = qrScene.after(scene(status), event, before)
      expect(next).not.toBeNull()
      status = next as SceneStatus
    }
    expect(status).toBe('consumed')
  })

  it('is expired from expires_at on, whatever its status', () => {
    for (const status of qrScene.STATUSES) {
      expect(qrScene.view(scene(status), before)).toBe(status)
      expect(qrScene.view(scene(status), expiresAt)).toBe('expired')
    }
  })

  it('stays open (a poll answers) while waiting, scanned or confirmed and unexpired', () => {
    expect(qrScene.STATUSES.filter((status) => qrScene.isOpen(scene(status), before))).toEqual([
      'waiting',
      'scanned',
      'confirmed',
    ])
    expect(qrScene.STATUSES.filter((status) => qrScene.isOpen(scene(status), expiresAt))).toEqual([])
  })

  it('guards the UPDATE of either scene table with the same states and the expiry', () => {
    const dialect = new PgDialect()
    const now = new Date('2026-03-01T10:01:00Z')
    const cancel = dialect.sqlToQuery(qrScene.guard(wechatScenes, 'cancel', now)!)
    expect(cancel.sql).toBe('("wechat_scenes"."status" in ($1, $2) and "wechat_scenes"."expires_at" > $3)')
    expect(cancel.params).toEqual(['waiting', 'scanned', now.toISOString()])
    const consume = dialect.sqlToQuery(qrScene.guard(wechatBindScenes, 'consume', now)!)
    expect(consume.sql).toBe(
      '("wechat_bind_scenes"."status" in ($1) and "wechat_bind_scenes"."expires_at" > $2)',
    )
    expect(consume.params).toEqual(['confirmed', now.toISOString()])
  })
})
