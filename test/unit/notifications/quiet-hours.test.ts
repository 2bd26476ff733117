import { quietUntil } from '../../../server/services/notifications/quiet-hours'

/** A moment given in Beijing time (UTC+8). */
const beijing = (text: string) => new Date(`${text}+08:00`)

describe('免打扰: when an SMS written now may go (Beijing time)', () => {
  const night = { start: '22:00', end: '08:00' }

  it.each([
    ['23:30 the evening before: the end is the next morning', '2026-12-06T23:30:00', '2026-12-07T08:00:00'],
    ['22:00 exactly: quiet starts', '2026-12-06T22:00:00', '2026-12-07T08:00:00'],
    ['03:00 after midnight: the same morning', '2026-12-07T03:00:00', '2026-12-07T08:00:00'],
    ['00:00 at midnight', '2026-12-07T00:00:00', '2026-12-07T08:00:00'],
  ])('a range across midnight holds %s', (_name, at, end) => {
    expect(quietUntil(beijing(at), night)).toEqual(beijing(end))
  })

  it.each([
    ['08:00 exactly: quiet is over', '2026-12-07T08:00:00'],
    ['noon', '2026-12-07T12:00:00'],
    ['21:59', '2026-12-07T21:59:00'],
  ])('a range across midnight lets %s through', (_name, at) => {
    expect(quietUntil(beijing(at), night)).toBeNull()
  })

  it('a range within one day holds only its own hours', () => {
    const lunch = { start: '12:00', end: '13:30' }
    expect(quietUntil(beijing('2026-12-07T12:45:00'), lunch)).toEqual(beijing('2026-12-07T13:30:00'))
    expect(quietUntil(beijing('2026-12-07T13:30:00'), lunch)).toBeNull()
    expect(quietUntil(beijing('2026-12-07T11:59:00'), lunch)).toBeNull()
  })

  it('counts in Beijing time whatever the UTC date: 23:30 Beijing is 15:30 UTC', () => {
    expect(quietUntil(new Date('2026-12-06T15:30:00Z'), night)).toEqual(new Date('2026-12-07T00:00:00Z'))
  })

  it('no quiet hours, or a malformed or empty range, hold nothing', () => {
    const at = beijing('2026-12-07T03:00:00')
    expect(quietUntil(at, null)).toBeNull()
    expect(quietUntil(at, { start: '25:00', end: '08:00' })).toBeNull()
    expect(quietUntil(at, { start: '08:00', end: '08:00' })).toBeNull()
  })
})
