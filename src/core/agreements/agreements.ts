// Agreement pages under /agreement, chosen by product name (doc2 §2 "Other"): one service agreement
// per product the console sells (the server's catalogue, server/services/checkout/catalog.ts), plus the member
// agreement and the privacy policy. Registration links the last two; the confirm-order page links
// the agreement of the product being bought. Pure data, shared by the page and the features.
import { PRIVACY_POLICY_NAME } from './paths'

export { agreementPath } from './paths'

export interface Agreement {
  /** What a link's `name` says: a product name, or member / privacy. */
  name: string
  title: string
  sections: { heading: string; body: string }[]
}

export const MEMBER_AGREEMENT: Agreement = {
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
    {
      heading: '四、产品移交',
      body: '主账号可在完成绑定手机验证后，将其名下产品连同订单、发票与合同记录转移至其他已注册的主账号，转移后原账号不再管理该产品。',
    },
    { heading: '五、协议变更', body: '协议变更将在会员中心公告，变更生效后继续使用即视为接受变更。' },
  ],
}

export const PRIVACY_POLICY: Agreement = {
  name: PRIVACY_POLICY_NAME,
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

/** What differs between the products' service agreements. */
interface ProductTerms {
  name: string
  service: string
  delivery: string
  customer: string
}

/** A product's service agreement: its own service, delivery and duties, then the common terms. */
function productAgreement({ name, service, delivery, customer }: ProductTerms): Agreement {
  return {
    name,
    title: `${name}服务协议`,
    sections: [
      { heading: '一、服务内容', body: service },
      { heading: '二、开通与交付', body: delivery },
      {
        heading: '三、服务期限与续费',
        body: '服务期限自开通之日起按所购年限计算；到期前请及时续费，到期后保留7天续费期，逾期未续费的服务将停止并可能释放相关数据。',
      },
      {
        heading: '四、费用与发票',
        body: '费用以确认订单页显示的应付金额为准，支付成功后订单生效；已开通的服务不支持无理由退款。您可在订单管理中申请发票与电子合同。',
      },
      { heading: '五、您的义务', body: customer },
      {
        heading: '六、其他',
        body: '本协议未尽事宜以《会员服务协议》为准；产品转移至其他主账号后，本协议的权利义务由接收方承继。',
      },
    ],
  }
}

export const PRODUCT_AGREEMENTS: readonly Agreement[] = [
  productAgreement({
    name: '自助建站',
    service: '提供可视化网站搭建工具、模板、网站空间与二级域名，支持绑定您自有的域名。',
    delivery: '支付成功后约1-2分钟自动开通，开通后可在产品管理中进入网站后台自行搭建。',
    customer: '您应保证网站内容合法合规、不侵犯他人权益，绑定的域名须完成备案。',
  }),
  productAgreement({
    name: '企业官网',
    service: '提供企业官网的设计与搭建、网站空间、安全防护与基础运维服务。',
    delivery: '支付成功后开通服务，由交付中心与您确认需求并完成网站交付，交付进度可在产品管理中查看。',
    customer: '您应按时提供建站所需的资料，并对所提供资料的真实性与合法性负责。',
  }),
  productAgreement({
    name: '定制方案',
    service:
      '按双方确认的需求方案定制开发网站或小程序，并在服务期内提供网站空间、交付中心、安全防护与技术支持。',
    delivery:
      '项目内容、报价与工期以双方另行签署的合同为准；上线后的年度服务自开通之日起计算，交付进度可在产品管理中查看。',
    customer: '您应按约定提供需求与资料并及时验收，对所提供资料的真实性与合法性负责。',
  }),
  productAgreement({
    name: '小程序',
    service: '提供微信小程序的搭建工具、商城功能与发布协助。',
    delivery: '支付成功后开通服务；小程序的发布需您以自有主体完成微信公众平台的注册与认证。',
    customer: '您应遵守微信平台的运营规范，小程序内容与经营活动的合法性由您负责。',
  }),
  productAgreement({
    name: '代维管家',
    service:
      '为您已购买的网站提供代维护服务：页面调整、产品与文章上传、海报设计、表单功能调整等，次数以所购版本为准。',
    delivery: '支付成功后生效，您可在我的工单中提交代维管家工单，由工程师处理并记录剩余次数。',
    customer: '您应通过工单准确描述需求并及时确认工单完结；未使用的次数在服务期满后失效。',
  }),
]

const AGREEMENTS: readonly Agreement[] = [MEMBER_AGREEMENT, PRIVACY_POLICY, ...PRODUCT_AGREEMENTS]

/**
 * The agreement a link names (`/agreement?name=`): a product name, member or privacy, or an
 * agreement's title. No name is the member agreement; an unknown one is null (the page says so).
 */
export function findAgreement(name: string | undefined): Agreement | null {
  const wanted = (name ?? '').trim()
  if (!wanted) return MEMBER_AGREEMENT
  return AGREEMENTS.find((a) => a.name === wanted || a.title === wanted) ?? null
}
