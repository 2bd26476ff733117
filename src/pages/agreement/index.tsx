import { Text, View } from '@tarojs/components'
import { currentDestination } from '../../core/routing/navigate'
import { agreementFor } from '../../features/auth/agreements'
import { PageFrame } from '../../features/shell/components/PageFrame'
import './index.scss'

export default function AgreementPage() {
  const agreement = agreementFor(currentDestination().query.name)
  return (
    <PageFrame>
      <View className='agreement card' role='article' aria-label={agreement.title}>
        <View className='agreement__title'>{agreement.title}</View>
        {agreement.sections.map((section) => (
          <View key={section.heading} className='agreement__section'>
            <View className='agreement__heading'>{section.heading}</View>
            <Text className='agreement__body'>{section.body}</Text>
          </View>
        ))}
      </View>
    </PageFrame>
  )
}
