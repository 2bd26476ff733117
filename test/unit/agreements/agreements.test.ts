// /agreement chosen by product name (doc2 §2 "Other"): one agreement per product the console sells.
import { CATALOGUE } from '../../../server/services/checkout/catalog'
import {
  agreementPath,
  findAgreement,
  MEMBER_AGREEMENT,
  PRIVACY_POLICY,
  PRODUCT_AGREEMENTS,
} from '../../../src/core/agreements/agreements'
import { REGISTRATION_AGREEMENTS } from '../../../src/features/auth/agreements'

describe('agreement lookup', () => {
  it.each([...new Set(CATALOGUE.map((sku) => sku.ProductName))])(
    'the catalogue product %s has its own service agreement',
    (productName) => {
      const agreement = findAgreement(productName)
      expect(agreement?.title).toBe(`${productName}服务协议`)
      expect(agreement?.sections.length).toBeGreaterThan(3)
    },
  )

  it('sells nothing without an agreement, and has none for a product it does not sell', () => {
    const sold = new Set(CATALOGUE.map((sku) => sku.ProductName))
    expect(PRODUCT_AGREEMENTS.map((a) => a.name).sort()).toEqual([...sold].sort())
  })

  it('finds the member agreement and the privacy policy by key or title; no name is the member agreement', () => {
    expect(findAgreement('member')).toBe(MEMBER_AGREEMENT)
    expect(findAgreement('privacy')).toBe(PRIVACY_POLICY)
    expect(findAgreement('隐私政策')).toBe(PRIVACY_POLICY)
    expect(findAgreement('企业官网服务协议')?.name).toBe('企业官网')
    expect(findAgreement(undefined)).toBe(MEMBER_AGREEMENT)
    expect(findAgreement('  ')).toBe(MEMBER_AGREEMENT)
  })

  it('an unknown name is not found (the page says so instead of showing another agreement)', () => {
    expect(findAgreement('云服务器')).toBeNull()
    expect(findAgreement('<script>')).toBeNull()
  })

  it('registration links the member agreement and the privacy policy', () => {
    expect(REGISTRATION_AGREEMENTS.map((a) => a.name)).toEqual(['member', 'privacy'])
  })

  it('builds the page address with the name encoded', () => {
    expect(agreementPath('member')).toBe('/agreement?name=member')
    expect(agreementPath('企业官网')).toBe(`/agreement?name=${encodeURIComponent('企业官网')}`)
  })
})
