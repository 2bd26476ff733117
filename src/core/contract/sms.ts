// SMS codes on the wire (doc2 §5, §7 sendSmsCode): what a code is sent for.

export const SMS_PURPOSES = [
  'login',
  'register',
  'forget',
  'bindPhone',
  'securityVerification',
  'reverify',
  'changePhone',
  'activation',
  // Product transfer: step 1 to the bound phone, step 3 to the receiving phone.
  'transferVerify',
  'transferReceive',
] as const
export type SmsPurpose = (typeof SMS_PURPOSES)[number]

/** The purposes /api/pc/sendSmsCode accepts as `type` (the login page's own sends). */
export const PUBLIC_SMS_PURPOSES = ['login', 'register', 'forget'] as const satisfies readonly SmsPurpose[]
export type PublicSmsPurpose = (typeof PUBLIC_SMS_PURPOSES)[number]
