export default definePageConfig({ navigationBarTitleText: '服务协议' })
