// Agreement pages under /agreement, chosen by product name (doc2 §2 "Other").
export interface Agreement {
  name: string
  title: string
  sections: { heading: string; body: string }[]
}

const MEMBER: Agreement = {
  name: 'member',
  title: '会员服务协议',
  sections: [
    { heading: '一、协议的接受', body: '您注册、登录或使用会员中心，即表示您已阅读并同意本协议的全部条款。' },
    {
      heading: '二、账号与安全',
      body: '您应妥善保管账号、密码及绑定手机，因您保管不善造成的损失由您自行承担。发现账号被盗用时请立即修改密码并联系客服。',
    },
    {
      heading: '三、产品与服务',
      body: '网站、小程序等产品的功能、期限与价格以订单及产品说明为准；到期未续费的产品将按规则暂停服务。',
    },
    { heading: '四、协议变更', body: '协议变更将在会员中心公告，变更生效后继续使用即视为接受变更。' },
  ],
}

const PRIVACY: Agreement = {
  name: 'privacy',
  title: '隐私政策',
  sections: [
    {
      heading: '一、我们收集的信息',
      body: '手机号、邮箱、登录地址与操作记录，仅用于账号安全、服务开通与售后支持。',
    },
    {
      heading: '二、信息的使用与保护',
      body: '我们不会出售您的个人信息；敏感信息在传输与存储时均经过加密处理。',
    },
    { heading: '三、您的权利', body: '您可以在账户管理中查看、更正个人信息，或申请注销账号。' },
  ],
}

const AGREEMENTS = [MEMBER, PRIVACY]

/** The agreement for a product name (the link's `name`); the member agreement by default. */
export function agreementFor(name: string | undefined): Agreement {
  return AGREEMENTS.find((a) => a.name === name || a.title === name) ?? MEMBER
}

export const REGISTRATION_AGREEMENTS = AGREEMENTS
