export default definePageConfig({ navigationBarTitleText: '子管理员激活' })
