// Registration links the member agreement and the privacy policy (core/agreements holds them all).
import { MEMBER_AGREEMENT, PRIVACY_POLICY } from '../../core/agreements/agreements'

export type { Agreement } from '../../core/agreements/agreements'
export { findAgreement } from '../../core/agreements/agreements'

export const REGISTRATION_AGREEMENTS = [MEMBER_AGREEMENT, PRIVACY_POLICY]
