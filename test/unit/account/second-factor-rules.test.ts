import {
  groupedSecret,
  recoveryCodesText,
  secondFactorSummary,
} from '../../../src/features/account/second-factor-rules'

const status = { enabled: false, recoveryCodesLeft: 0, requiredForMe: false, subAdminsRequired: false }

describe('二次验证 section rules', () => {
  it('says 未开启 while off and the recovery codes left while on', () => {
    expect(secondFactorSummary(status)).toBe('未开启')
    expect(secondFactorSummary({ ...status, enabled: true, recoveryCodesLeft: 7 })).toBe(
      '已开启，剩余恢复码 7 个',
    )
  })

  it('shows the key in groups of four', () => {
    expect(groupedSecret('JBSWY3DPEHPK3PXPJBSWY3DP')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP')
    expect(groupedSecret('ABCDEF')).toBe('ABCD EF')
    expect(groupedSecret('')).toBe('')
  })

  it('copies the recovery codes one a line', () => {
    expect(recoveryCodesText(['ab12-cd34', 'ef56-gh78'])).toBe('ab12-cd34\nef56-gh78')
  })
})
