import {
  cycleLabel,
  defaultCycle,
  generateOrderBody,
  needsOwnership,
  parseConfirmQuery,
  priceOf,
  type ConfirmOrderLine,
} from '../../../src/features/checkout/rules'

const line: ConfirmOrderLine = {
  SkuId: 'SKU-SITE-STD',
  ProductName: '自助建站',
  ProductTypeName: '标准版',
  PayMethod: '年',
  Count: 1,
  BuyCyclePriceList: [
    { BuyCycle: 2, Price: 3960 },
    { BuyCycle: 1, Price: 1980 },
  ],
}

describe('/order query (doc2 §5: SkuId, OrderTypeId, secondDomain or 非法参数，请重试)', () => {
  it('accepts the three and an optional orderCode', () => {
    expect(parseConfirmQuery({ SkuId: 'S', OrderTypeId: '2', secondDomain: 'xc', orderCode: 'O1' })).toEqual({
      ok: true,
      value: { skuId: 'S', orderTypeId: 2, secondDomain: 'xc', orderCode: 'O1' },
    })
  })

  it.each([
    [{ OrderTypeId: '1', secondDomain: 'xc' }, 'without SkuId'],
    [{ SkuId: 'S', secondDomain: 'xc' }, 'without OrderTypeId'],
    [{ SkuId: 'S', OrderTypeId: '1' }, 'without secondDomain'],
    [{ SkuId: 'S', OrderTypeId: '7', secondDomain: 'xc' }, 'with an unknown order type'],
    [{ SkuId: ' ', OrderTypeId: '1', secondDomain: 'xc' }, 'with a blank SkuId'],
  ] as [Record<string, string>, string][])('%o is refused with 非法参数，请重试 (%s)', (query) => {
    expect(parseConfirmQuery(query)).toEqual({ ok: false, message: '非法参数，请重试' })
  })
})

describe('confirm order', () => {
  it.each([
    [1, false],
    [2, true],
    [3, true],
  ] as const)('order type %i checks the business belongs to the account: %s', (type, needed) => {
    expect(needsOwnership(type)).toBe(needed)
  })

  it('offers the shortest cycle first and shows its catalogue price', () => {
    expect(defaultCycle(line)).toBe(1)
    expect(priceOf(line, 2)).toBe(3960)
    expect(priceOf(line, 5)).toBeNull()
    expect(defaultCycle(undefined)).toBeNull()
    expect(cycleLabel(2, '年')).toBe('2年')
  })

  it('GenerateOrder carries no price, and the sub-account in CommonParam', () => {
    const body = generateOrderBody({ skuId: 'S', orderTypeId: 2, secondDomain: 'xc', orderCode: 'O1' }, 3, {
      accountId: 7,
      subAccountId: 4,
    })
    expect(body).toEqual({
      NewACUserId: 7,
      SkuId: 'S',
      OrderTypeId: 2,
      BuyCycle: 3,
      FrontEndUrl: '/orderByPlay',
      OrderNo: 'O1',
      CommonParam: JSON.stringify({ subAccountId: 4, secondDomain: 'xc' }),
    })
    expect(JSON.stringify(body)).not.toMatch(/Price|amount/i)
  })
})
