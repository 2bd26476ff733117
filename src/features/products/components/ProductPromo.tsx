import { Text, View } from '@tarojs/components'
import { openUrl } from '../../../core/platform/links'
import { useSession } from '../../../core/session/store'
import { Button } from '../../../core/ui/Button'
import { consultUrl, PROMOTED_PRODUCTS } from '../promotions'

/** No product yet: the three products on offer (account-area §2 Home). */
export function ProductPromo() {
  const memberId = useSession((s) => s.userinfo?.memberId)
  return (
    <View className='product-promo' role='region' aria-label='推荐产品'>
      <View className='product-promo__title'>您还没有产品，看看适合您的方案</View>
      <View className='product-promo__items'>
        {PROMOTED_PRODUCTS.map((item) => (
          <View key={item.name} className='product-promo__item' role='group' aria-label={item.name}>
            <Text className='product-promo__name'>{item.name}</Text>
            <Text className='product-promo__summary'>{item.summary}</Text>
            <View className='product-promo__actions'>
              <Button size='small' type='primary' onClick={() => openUrl(consultUrl(memberId, item.name))}>
                咨询
              </Button>
              <Button size='small' onClick={() => openUrl(item.detailUrl)}>
                了解详情
              </Button>
            </View>
          </View>
        ))}
      </View>
    </View>
  )
}
