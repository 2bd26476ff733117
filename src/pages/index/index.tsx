import { Text, View } from '@tarojs/components'
import { formatBeijingTime } from '../../core/format/time'
import { maskPhone } from '../../core/format/mask'
import { useSession } from '../../core/session/store'
import { LatestNoticePopup } from '../../features/notices/components/LatestNoticePopup'
import { ConsoleLayout } from '../../features/shell/components/ConsoleLayout'
import { roleLabel } from '../../features/shell/rules'
import './index.scss'

// The product list arrives with the products feature; for now the home shows who is logged in.
export default function HomePage() {
  const userinfo = useSession((s) => s.userinfo)
  const role = useSession((s) => s.role)
  return (
    <ConsoleLayout>
      <View className='home-account card' aria-label='当前账号'>
        <View className='home-account__title'>当前账号</View>
        <View className='home-account__row'>
          <Text className='home-account__label'>会员账号</Text>
          <Text>{userinfo?.memberAccount || '--'}</Text>
        </View>
        <View className='home-account__row'>
          <Text className='home-account__label'>账号名称</Text>
          <Text>{userinfo?.accountName || '--'}</Text>
        </View>
        <View className='home-account__row'>
          <Text className='home-account__label'>身份</Text>
          <Text>{roleLabel(role)}</Text>
        </View>
        <View className='home-account__row'>
          <Text className='home-account__label'>绑定手机</Text>
          <Text>{maskPhone(userinfo?.bindPhone) || '--'}</Text>
        </View>
        <View className='home-account__row'>
          <Text className='home-account__label'>密码更新时间</Text>
          <Text>{formatBeijingTime(userinfo?.passwordUpdatedAt)}</Text>
        </View>
      </View>
      <LatestNoticePopup />
    </ConsoleLayout>
  )
}
