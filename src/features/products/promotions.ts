// The empty home promotes three products (account-area §2 Home) with 咨询 and 了解详情.
import { customerChatUrl } from '../../core/config/help'
export interface PromotedProduct {
  name: string
  summary: string
  detailUrl: string
}

export const PROMOTED_PRODUCTS: readonly PromotedProduct[] = [
  {
    name: '自助建站',
    summary: '海量模板拖拽搭建，电脑、手机、小程序一站同步',
    detailUrl: 'https://www.yunmeng.example/products/site-builder',
  },
  {
    name: '企业官网',
    summary: '专业设计师定制企业形象官网，助力品牌展示与获客',
    detailUrl: 'https://www.yunmeng.example/products/enterprise-website',
  },
  {
    name: '定制方案',
    summary: '按业务需求量身定制网站与小程序，专属顾问全程交付',
    detailUrl: 'https://www.yunmeng.example/products/custom-solutions',
  },
]

/** Online customer service (the help widget's, TARO_APP_CUSTOMER_CHAT_URL), told who asks about what. */
export function consultUrl(memberId: number | undefined, productName: string): string {
  return customerChatUrl(memberId, { product: productName })
}
