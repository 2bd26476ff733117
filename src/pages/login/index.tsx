import { View } from '@tarojs/components'
import { LoginPanel } from '../../features/auth/components/LoginPanel'
import { PageFooter } from '../../features/shell/components/PageFooter'
import { PageFrame } from '../../features/shell/components/PageFrame'
import './index.scss'

export default function LoginPage() {
  return (
    <PageFrame>
      <View className='login-page'>
        <View className='login-page__body'>
          <View className='login-page__brand'>
            <View className='login-page__title'>会员中心</View>
            <View className='login-page__subtitle'>管理您的网站与小程序产品、订单和服务</View>
          </View>
          <LoginPanel />
        </View>
        <PageFooter />
      </View>
    </PageFrame>
  )
}
