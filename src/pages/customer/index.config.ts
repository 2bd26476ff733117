export default definePageConfig({ navigationBarTitleText: '专属客服' })
