// 登录设备's city: an offline lookup in the `ip2region` package's databases (IPv4 ip2region.db,
// 8.7 MB; IPv6 ipv6wry.db, 2.7 MB), read into memory once, on the first lookup (about 12 MB, 10 ms).
// No address leaves the server. Private and loopback addresses are 局域网; an address the database
// does not place is 未知.
import IP2Region, { type IP2RegionResult } from 'ip2region'
import net from 'node:net'
import { isPrivateAddress } from '../../config'

export const CITY = { lan: '局域网', unknown: '未知' } as const

/** What ip2region answers for private networks in place of a city. */
const DATABASE_LAN = '内网IP'

/** A city column holds at most this. */
const CITY_MAX = 32

/** The city shown for a lookup: the city, else the province, else the country (abroad). */
export function cityOf(region: IP2RegionResult | null, isPrivate: boolean): string {
  if (isPrivate || region?.city === DATABASE_LAN) return CITY.lan
  const place = region?.city || region?.province || region?.country || ''
  return place ? place.slice(0, CITY_MAX) : CITY.unknown
}

/** `::ffff:1.2.3.4` is the IPv4 address a dual-stack socket reports. */
const plainAddress = (ip: string) => ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')

let database: IP2Region | null = null

export function cityOfAddress(ip: string): string {
  const address = plainAddress(ip.trim())
  if (!net.isIP(address)) return CITY.unknown
  if (isPrivateAddress(address)) return CITY.lan
  database ??= new IP2Region()
  try {
    return cityOf(database.search(address), false)
  } catch {
    return CITY.unknown
  }
}
