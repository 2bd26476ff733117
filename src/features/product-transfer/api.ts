// Product transfer (account-area §7 "Product transfer"; docs/api.md "Product transfer").
import type { PhoneSmsRequest } from '../../core/contract/account-settings'
import type {
  CheckCodeRequest,
  ConfirmProductsRequest,
  MoveBusinessRequest,
  TransferProduct,
} from '../../core/contract/product-transfer'
import { http } from '../../core/http/request'
import type { SolvedSlider } from '../../core/ui/captcha/api'

export type { TransferProduct }

// The steps show their own failures next to the form (a refusal keeps what was typed).
const silent = { silent: true }

export const transferApi = {
  products: () => http.get<TransferProduct[]>('/api/pc/getProductListByAccountId', undefined, silent),
  /** Step 1's code to the bound phone, after the slider. */
  sendVerifyCode: (slider: SolvedSlider) =>
    http.post<null>('/api/pc/transfer/sendVerifyCode', { ...slider }, silent),
  checkCode: (body: CheckCodeRequest) => http.post<null>('/api/pc/checkCodeByAccountId', { ...body }, silent),
  /** Step 2, within the 30 s the verification holds. */
  confirmProducts: (businessIds: number[]) =>
    http.post<null>(
      '/api/pc/transfer/confirmProducts',
      { businessIds } satisfies ConfirmProductsRequest,
      silent,
    ),
  /** Step 3's code to the receiving phone, after the slider solved for that phone. */
  sendReceiverCode: (phone: string, slider: SolvedSlider) =>
    http.post<null>('/api/pc/transfer/sendSmsCode', { phone, ...slider } satisfies PhoneSmsRequest, silent),
  moveBusiness: (body: MoveBusinessRequest) =>
    http.post<null>('/api/wechat/moveBusiness', { ...body }, silent),
}
