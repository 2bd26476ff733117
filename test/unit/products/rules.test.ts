import {
  cardButtons,
  confirmOrderPath,
  isProductCard,
  MARKETPLACE_RENEWAL_URL,
  openingPercent,
  openingPhase,
  PARTNER_RENEWAL_URLS,
  productStatusLabel,
  renewalTarget,
  TOP_EDITION_REFUSAL,
  type CardState,
} from '../../../src/features/products/rules'

const card = (status: number, isExpire = 0, extra: Partial<CardState> = {}): CardState => ({
  source: 1,
  status,
  isExpire,
  showHoutai: 1,
  isNeedDeliver: 0,
  canUpgrade: 1,
  ...extra,
})

describe('product status (account-area §4)', () => {
  it.each([
    [0, '开通中'],
    [1, '有效'],
    [2, '已暂停'],
    [3, '已停止'],
    [4, '已过期'],
    [5, '已退款'],
    [6, '升级中'],
    [7, '异常'],
    [-1, '异常'],
  ])('status %i is %s (otherwise abnormal)', (status, label) => {
    expect(productStatusLabel(status)).toBe(label)
  })

  it.each([
    [1, true],
    [0, false],
    [2, false],
  ])('source %i: product card %s, otherwise a site card', (source, product) => {
    expect(isProductCard({ source })).toBe(product)
  })
})

describe('card buttons (account-area §4)', () => {
  // status, isExpire, disabled, upgrade, renew, buyNew
  it.each([
    ['0 opening: buttons disabled', 0, 0, true, true, true, false],
    ['1 valid', 1, 0, false, true, true, false],
    ['2 paused', 2, 0, false, true, true, false],
    ['3 stopped', 3, 0, false, true, true, false],
    ['4 expired inside the renewal window (isExpire 1): renew, no upgrade', 4, 1, false, false, true, false],
    ['4 expired with isExpire 0: buy-new instead of renew, no upgrade', 4, 0, false, false, false, true],
    ['5 refunded: buy-new only', 5, 0, false, false, false, true],
    ['6 upgrading', 6, 0, false, true, true, false],
  ])('%s', (_name, status, isExpire, disabled, upgrade, renew, buyNew) => {
    expect(cardButtons(card(status, isExpire))).toMatchObject({ disabled, upgrade, renew, buyNew })
  })

  it('upgrade is shown unless the status is 4 or 5', () => {
    for (const status of [0, 1, 2, 3, 6]) expect(cardButtons(card(status)).upgrade).toBe(true)
    for (const status of [4, 5]) expect(cardButtons(card(status, 1)).upgrade).toBe(false)
  })

  it.each([
    ['with a backend (showHoutai 1)', card(1), true],
    ['without a backend (showHoutai 0)', card(1, 0, { showHoutai: 0 }), false],
    ['refunded', card(5), false],
  ])('登录后台 %s: %s', (_name, state, shown) => {
    expect(cardButtons(state).backend).toBe(shown)
  })

  it('交付中心 only for products the delivery centre delivers', () => {
    expect(cardButtons(card(1, 0, { isNeedDeliver: 1 })).delivery).toBe(true)
    expect(cardButtons(card(1)).delivery).toBe(false)
  })

  it('a product at its top edition shows 升级 disabled with 当前已是最高版本，无法升级', () => {
    expect(cardButtons(card(1, 0, { canUpgrade: 0 }))).toMatchObject({
      upgrade: true,
      upgradeRefusal: TOP_EDITION_REFUSAL,
    })
    expect(TOP_EDITION_REFUSAL).toBe('当前已是最高版本，无法升级')
    expect(cardButtons(card(1, 0, { canUpgrade: 1 })).upgradeRefusal).toBeNull()
  })

  it('no upgrade reason where the table hides 升级 anyway (expired, refunded)', () => {
    for (const status of [4, 5])
      expect(cardButtons(card(status, 1, { canUpgrade: 0 })).upgradeRefusal).toBeNull()
  })
})

describe('renewalTarget (account-area §4 home list, doc2 §8 checkUnPaidOrder)', () => {
  const direct = { channel: 32, newOrder: 1, secondDomain: 'xcshop' }

  it.each([1740, 1723])('channel %i renews on the partner’s page (external)', (channel) => {
    expect(renewalTarget({ ...direct, channel })).toEqual({
      kind: 'external',
      url: `${PARTNER_RENEWAL_URLS[channel]}?secondDomain=xcshop`,
    })
  })

  it('newOrder 0 renews in the cloud marketplace (external)', () => {
    expect(renewalTarget({ ...direct, channel: 1638, newOrder: 0 })).toEqual({
      kind: 'external',
      url: `${MARKETPLACE_RENEWAL_URL}?secondDomain=xcshop`,
    })
  })

  it('otherwise the server is asked first (checkUnPaidOrder)', () => {
    expect(renewalTarget(direct)).toEqual({ kind: 'check' })
    expect(renewalTarget({ ...direct, channel: 1638 })).toEqual({ kind: 'check' })
  })

  it('200 leads to confirming a new renewal order (OrderTypeId 2) of the renew SKU', () => {
    expect(renewalTarget(direct, { status: 200 }, 'SKU-SITE-PRO')).toEqual({
      kind: 'page',
      path: '/order?SkuId=SKU-SITE-PRO&OrderTypeId=2&secondDomain=xcshop',
    })
  })

  it('300 leads to the pending order’s payment page', () => {
    expect(renewalTarget(direct, { status: 300, orderCode: 'MC202600000300' }, 'SKU-SITE-PRO')).toEqual({
      kind: 'page',
      path: '/orderByPlay?orderCode=MC202600000300',
    })
  })

  it('the partner channels win over a server answer', () => {
    expect(renewalTarget({ ...direct, channel: 1740 }, { status: 300, orderCode: 'X' }).kind).toBe('external')
  })

  it('upgrade confirms with OrderTypeId 3', () => {
    expect(confirmOrderPath('SKU-ENT-WEB', 3, 'xingchen')).toBe(
      '/order?SkuId=SKU-ENT-WEB&OrderTypeId=3&secondDomain=xingchen',
    )
  })
})

describe('post-purchase progress (account-area §4, §9: 50 s, +2% a second)', () => {
  it.each([
    [0, 0],
    [1, 2],
    [10, 20],
    [25, 50],
    [49, 98],
    [50, 100],
    [70, 100],
  ])('after %i s the bar shows %i%%', (seconds, percent) => {
    expect(openingPercent(seconds)).toBe(percent)
  })

  it.each([
    [10, false, 'opening'],
    [10, true, 'opened'],
    [49, false, 'opening'],
    [50, false, 'timedOut'],
    [50, true, 'opened'],
  ])('after %i s with open=%s the phase is %s', (seconds, open, phase) => {
    expect(openingPhase(seconds, open)).toBe(phase)
  })
})
