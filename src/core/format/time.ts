import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc'

dayjs.extend(utc)

/** Times are shown in UTC+8 (spec §9) whatever the device's time zone. */
export function formatBeijingTime(
  value: string | number | Date | null | undefined,
  pattern = 'YYYY-MM-DD HH:mm:ss',
) {
  if (value === null || value === undefined || value === '') return '--'
  const time = dayjs(value)
  return time.isValid()
    ? time
        .utc()
        .utcOffset(8 * 60)
        .format(pattern)
    : '--'
}
