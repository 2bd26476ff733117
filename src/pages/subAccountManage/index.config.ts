export default definePageConfig({ navigationBarTitleText: '子账号管理' })
