export default definePageConfig({ navigationBarTitleText: '订单管理' })
