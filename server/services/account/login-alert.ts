// When a login deserves a 账号安全提醒 (登录设备): a device this member has not used AND a city it has
// not logged in from. A known device on a new address, or a new device in a known city, is quiet; so is
// a member's very first login, with nothing known to compare against.

export interface LoginFamiliarity {
  /** Any device or city of this member is known (not its first login). */
  anyKnown: boolean
  /** The device id was seen before (a login without one is a device not seen). */
  deviceKnown: boolean
  cityKnown: boolean
}

export function deservesNewDeviceAlert({ anyKnown, deviceKnown, cityKnown }: LoginFamiliarity): boolean {
  return anyKnown && !deviceKnown && !cityKnown
}

/** The notice's plain text: when, city, device, and what 不是我 does. */
export const newDeviceAlertText = (at: string, city: string, device: string) =>
  `您的账号于 ${at} 在新设备登录（${city}，${device}）。如非本人操作，请点击“不是我”退出该设备并立即修改密码。`
