// The order table of account-area §4, shared by the /index buttons and the server's checkout.
import {
  BUSINESS_ORDER_MESSAGES as M,
  businessOrderRefusal,
  buyCycleLabel,
  shownOrders,
  UPGRADE_BUY_CYCLE,
} from '../../../src/core/validation/business-orders'
import { cardButtons } from '../../../src/features/products/rules'

const business = (status: number, isExpire = 0, channel = 32, newOrder = 1) => ({
  status,
  isExpire,
  channel,
  newOrder,
})

describe('businessOrderRefusal (account-area §4)', () => {
  it.each([
    // status, isExpire, renew, upgrade, buyNew
    [1, 0, null, null, M.buyNewInService],
    [2, 0, null, null, M.buyNewInService],
    [3, 0, null, null, M.buyNewInService],
    [6, 0, null, null, M.buyNewInService],
    [4, 1, null, M.upgradeExpired, M.buyNewInService],
    [4, 0, M.renewLapsed, M.upgradeExpired, null],
    [5, 0, M.renewRefunded, M.upgradeRefunded, null],
    [0, 0, M.opening, M.opening, M.opening],
  ])('status %i, isExpire %i', (status, isExpire, renew, upgrade, buyNew) => {
    const row = business(status, isExpire)
    expect(businessOrderRefusal('renew', row)).toBe(renew)
    expect(businessOrderRefusal('upgrade', row)).toBe(upgrade)
    expect(businessOrderRefusal('buyNew', row)).toBe(buyNew)
  })

  it('sends renewals of the partner channels and of marketplace businesses elsewhere, not upgrades', () => {
    for (const channel of [1723, 1740]) {
      expect(businessOrderRefusal('renew', business(1, 0, channel))).toBe(M.renewPartner)
      expect(businessOrderRefusal('upgrade', business(1, 0, channel))).toBeNull()
    }
    expect(businessOrderRefusal('renew', business(1, 0, 1638, 0))).toBe(M.renewMarketplace)
    expect(businessOrderRefusal('renew', business(1, 0, 1638, 1))).toBeNull()
  })

  it('agrees with the buttons /index shows for every status', () => {
    for (const status of [0, 1, 2, 3, 4, 5, 6, 7]) {
      for (const isExpire of [0, 1]) {
        const buttons = cardButtons({
          source: 1,
          status,
          isExpire,
          showHoutai: 1,
          isNeedDeliver: 0,
          canUpgrade: 1,
        })
        const shown = shownOrders({ status, isExpire })
        expect({ renew: buttons.renew, upgrade: buttons.upgrade, buyNew: buttons.buyNew }).toEqual(shown)
        // Whatever the server accepts is shown (and enabled) on the card.
        for (const kind of ['renew', 'upgrade', 'buyNew'] as const) {
          if (businessOrderRefusal(kind, business(status, isExpire)) === null) {
            expect(buttons[kind] && !buttons.disabled).toBe(true)
          }
        }
      }
    }
  })
})

describe('buyCycleLabel', () => {
  it('reads years, and the remaining term for an upgrade', () => {
    expect(buyCycleLabel(2, '年')).toBe('2年')
    expect(buyCycleLabel(1, '')).toBe('1年')
    expect(buyCycleLabel(UPGRADE_BUY_CYCLE, '年')).toBe('剩余服务期')
  })
})
