import { Text, View } from '@tarojs/components'
import { formatBeijingTime } from '../../../core/format/time'
import { navigateTo } from '../../../core/routing/navigate'
import { ChoiceGroup } from '../../../core/ui/ChoiceGroup'
import type { RenewalItem } from '../api'
import type { RenewalCentre } from '../hooks/useRenewalCentre'
import {
  choosable,
  cycleOptionLabel,
  daysLeftLabel,
  expiryTone,
  MODE_ACTION_LABEL,
  RENEWAL_MODE_LABEL,
  renewalName,
  renewalPayPath,
} from '../rules'
import './renewal.scss'

// The pieces of one product that the desktop table and the phone cards both show.

/** 剩余 N 天 / 今日到期 / 已过期 N 天, coloured by how close it is. */
export function DaysLeft({ item }: { item: RenewalItem }) {
  return (
    <Text className={`renewal-days renewal-days--${expiryTone(item.daysLeft)}`}>
      {daysLeftLabel(item.daysLeft)}
    </Text>
  )
}

export function ExpiryTime({ item }: { item: RenewalItem }) {
  return <Text>{formatBeijingTime(item.expireTime, 'YYYY-MM-DD HH:mm')}</Text>
}

/** The renewal setting and the link that switches it (到期不续 asks first). */
export function ModeSwitch({ item, centre }: { item: RenewalItem; centre: RenewalCentre }) {
  const saving = centre.savingId === item.businessId
  return (
    <View className='renewal-mode'>
      <Text className={`renewal-mode__label renewal-mode__label--${item.renewalMode}`}>
        {RENEWAL_MODE_LABEL[item.renewalMode]}
      </Text>
      <View
        className={`renewal-mode__switch${saving ? ' renewal-mode__switch--busy' : ''}`}
        role='button'
        aria-label={`${MODE_ACTION_LABEL[item.renewalMode]} ${renewalName(item)}`}
        aria-disabled={saving}
        onClick={() => !saving && centre.changeMode(item)}
      >
        {MODE_ACTION_LABEL[item.renewalMode]}
      </View>
    </View>
  )
}

/**
 * The cycles the product's SKU offers, with their prices; a product that cannot be chosen shows why
 * instead (one in an unpaid renewal links its order's payment page).
 */
export function CycleChoice({ item, centre }: { item: RenewalItem; centre: RenewalCentre }) {
  const state = choosable(item)
  if (!state.ok) {
    return (
      <View className='renewal-refusal'>
        <Text className='renewal-refusal__text'>{state.reason}</Text>
        {state.pendingOrderCode && (
          <View
            className='renewal-refusal__pay'
            role='link'
            aria-label={`去支付 ${renewalName(item)}`}
            onClick={() => navigateTo(renewalPayPath(state.pendingOrderCode as string))}
          >
            去支付
          </View>
        )}
      </View>
    )
  }
  return (
    <ChoiceGroup<number>
      variant='plain'
      label={`续费时长 ${renewalName(item)}`}
      options={item.cycles.map((cycle) => ({ value: cycle.BuyCycle, label: cycleOptionLabel(cycle) }))}
      value={centre.selection.get(item.businessId) ?? null}
      onChange={(cycle) => centre.chooseCycle(item, cycle)}
    />
  )
}
