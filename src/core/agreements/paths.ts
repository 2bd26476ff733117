// Links to the agreement pages, apart from the agreements' texts (agreements.ts): the footer of
// every page, /login included, links the privacy policy without carrying every agreement.
import { withQuery } from '../routing/url'

/** The `name` of the privacy policy (its link, its page). */
export const PRIVACY_POLICY_NAME = 'privacy'

/** The address of an agreement page. */
export const agreementPath = (name: string) => withQuery('/agreement', { name })
