export default definePageConfig({ navigationBarTitleText: '账户管理' })
