import { Text, View } from '@tarojs/components'
import { agreementPath, findAgreement, MEMBER_AGREEMENT } from '../../core/agreements/agreements'
import { currentDestination, redirectTo } from '../../core/routing/navigate'
import { PublicLayout } from '../../features/shell/components/PublicLayout'
import './index.scss'

// /agreement?name=<product name | member | privacy> (doc2 §2 "Other"): public, idle-exempt.
export default function AgreementPage() {
  const name = currentDestination().query.name
  const agreement = findAgreement(name)
  if (!agreement) {
    return (
      <PublicLayout>
        <View className='agreement card' role='alert' aria-label='协议不存在'>
          <View className='agreement__title'>协议不存在</View>
          <Text className='agreement__body'>未找到“{name}”的协议，请返回上一页重新打开。</Text>
          <View
            className='agreement__link'
            role='link'
            onClick={() => redirectTo(agreementPath(MEMBER_AGREEMENT.name))}
          >
            查看《{MEMBER_AGREEMENT.title}》
          </View>
        </View>
      </PublicLayout>
    )
  }
  return (
    <PublicLayout>
      <View className='agreement card' role='article' aria-label={agreement.title}>
        <View className='agreement__title'>{agreement.title}</View>
        {agreement.sections.map((section) => (
          <View key={section.heading} className='agreement__section'>
            <View className='agreement__heading'>{section.heading}</View>
            <Text className='agreement__body'>{section.body}</Text>
          </View>
        ))}
      </View>
    </PublicLayout>
  )
}
