// The exact texts of the spec's validation rules (doc2 §5 "Login and registration",
// account-area §5). Client forms and the reference server both show these.
export const MSG = {
  phoneRequired: '请输入手机号',
  phoneInvalid: '请输入正确的手机号',
  accountRequired: '请输入手机号或账号',
  passwordRequired: '请输入登录密码',
  passwordRule: '密码应该由英文大小写、数字、符号组成，不少于8位',
  passwordAgainRequired: '请输入确认登录密码',
  passwordMismatch: '两次密码不一致，请重新输入',
  smsCodeRequired: '请输入手机号验证码',
  smsCodeLength: '长度在 6个字符',
  referralTooLong: '推荐码不能超过6位',
  agreementRequired: '请先阅读并同意协议',
  captchaRequired: '请输入图形验证码',
  captchaWrong: '图形验证码错误，请重新输入',
  credentialsWrong: '请输入正确的密码',
} as const
