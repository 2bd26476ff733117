import { Text, View } from '@tarojs/components'
import { yuan } from '../../../core/format/money'
import { Button } from '../../../core/ui/Button'
import type { RenewalCentre } from '../hooks/useRenewalCentre'
import './renewal.scss'

/**
 * The selection's count and total with 批量续费: under the table on desktop, a bar stuck to the
 * bottom of the screen on phones (above the mini-program's bottom bar and the home indicator).
 * The total is the catalogue's prices for display; the server prices the order itself.
 */
export function RenewalBar({ centre, sticky }: { centre: RenewalCentre; sticky: boolean }) {
  return (
    <View
      className={`renewal-bar${sticky ? ' renewal-bar--sticky' : ''}`}
      role='region'
      aria-label='批量续费'
    >
      <View className='renewal-bar__summary'>
        <Text className='renewal-bar__count'>已选 {centre.selection.size} 个</Text>
        <Text>
          合计{' '}
          <Text className='renewal-bar__total' aria-label='合计金额'>
            {yuan(centre.total)}
          </Text>
        </Text>
      </View>
      <Button type='primary' loading={centre.ordering} onClick={centre.renew}>
        批量续费
      </Button>
    </View>
  )
}
