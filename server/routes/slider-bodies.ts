// The bodies of the SMS sends that carry a solved slider (core/contract/captcha.ts): the security
// verification's send to the bound phone, and a send to a phone being bound or handed products.
import type { PhoneSmsRequest } from '../../src/core/contract/account-settings'
import type { SolvedSlider } from '../../src/core/contract/captcha'
import { object, requestOf, shortText } from './schemas'

const captcha = { captchaId: shortText(64), captchaData: shortText(256) }

/** A send to the calling session's bound phone. */
export const sliderBody = requestOf<SolvedSlider>()(object(captcha))

/** A send to the phone named. */
export const phoneSliderBody = requestOf<PhoneSmsRequest>()(object({ phone: shortText(32), ...captcha }))
