// Product transfer on the wire (account-area §2 "Product transfer page", §3 "Product for transfer",
// §4 Transfer, §5, §7 "Product transfer", §9 30 s; docs/api.md "Product transfer").

/** §9: the security verification of step 1 holds for 30 s; step 2 must be confirmed within it. */
export const TRANSFER_HOLD_MS = 30_000

/** §3: a product the main account may hand over (getProductListByAccountId). */
export interface TransferProduct {
  id: number
  secondDomain: string
  productName: string
  /** The site's name (the business's company or website name). */
  companyName: string
}

/** POST /api/pc/checkCodeByAccountId: the bound phone and the verification form's code. */
export interface CheckCodeRequest {
  phone: string
  code: string
}

/** POST /api/pc/transfer/confirmProducts: step 2's choice, inside the 30 s of the verification. */
export interface ConfirmProductsRequest {
  businessIds: number[]
}

/** POST /api/wechat/moveBusiness: `phone` the caller's bound phone, `bindPhone` the receiver's. */
export interface MoveBusinessRequest {
  phone: string
  bindPhone: string
  code: string
  businessIds: number[]
}

/** What the server answers besides the spec's texts (the client shows them as they come). */
export const TRANSFER_MESSAGES = {
  moved: '产品转移成功',
  verified: '验证成功',
  /** The verification was never done, is older than 30 s (step 2) or was used. */
  verificationExpired: '安全验证已失效，请重新验证',
  receiverNotMain: '该手机号未注册会员中心主账号',
  receiverSelf: '不能将产品转移给当前账号',
  notOwned: '产品不存在或无权操作',
  /** Step 3 named other products than step 2 confirmed. */
  choiceChanged: '移交的产品与确认的不一致，请重新选择',
  wrongPhone: '手机号与当前账号绑定的手机号不一致',
  wrongCode: '验证码错误，请重新输入',
} as const
