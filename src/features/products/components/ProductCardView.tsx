import { Text, View } from '@tarojs/components'
import { formatBeijingTime } from '../../../core/format/time'
import { navigateTo } from '../../../core/routing/navigate'
import { useSession } from '../../../core/session/store'
import { Button } from '../../../core/ui/Button'
import type { ProductCard } from '../api'
import type { ProductActions } from '../hooks/useProductActions'
import {
  cardButtons,
  isProductCard,
  productStatusLabel,
  RENEWAL_CENTRE_PATH,
  showsRenewalCentre,
} from '../rules'

interface ProductCardViewProps {
  card: ProductCard
  actions: ProductActions
}

/** A product card (source 1) or a site card, with the buttons its status allows (account-area §3, §4). */
export function ProductCardView({ card, actions }: ProductCardViewProps) {
  const buttons = cardButtons(card)
  const role = useSession((s) => s.role)
  const product = isProductCard(card)
  const name = card.websiteName || card.productName
  const busy = actions.busyId === card.id
  const disabled = buttons.disabled || (actions.busyId !== null && !busy)
  const address = card.realSecondDomain || card.secondDomain
  return (
    <View
      className={`product-card product-card--${product ? 'product' : 'site'}`}
      role='group'
      aria-label={name}
    >
      <View className='product-card__head'>
        <Text className='product-card__kind'>{product ? '产品' : '站点'}</Text>
        <Text className='product-card__name'>{name}</Text>
        <Text className={`product-card__status product-card__status--${card.status}`}>
          {productStatusLabel(card.status)}
        </Text>
      </View>
      <View className='product-card__rows'>
        <Row label='产品版本' value={`${card.productName} ${card.productVersion}`.trim()} />
        <Row label={product ? '二级域名' : '站点地址'} value={product ? card.secondDomain : address} />
        {card.relationSecondDomain && <Row label='关联站点' value={card.relationSecondDomain} />}
        <Row label='开通时间' value={formatBeijingTime(card.openTime)} />
        <Row label='到期时间' value={formatBeijingTime(card.expireTime)} />
      </View>
      <View className='product-card__actions'>
        {buttons.backend && (
          <Button
            size='small'
            type='primary'
            disabled={disabled}
            loading={busy}
            onClick={() => actions.openBackend(card)}
          >
            登录后台
          </Button>
        )}
        {buttons.renew && (
          <Button size='small' disabled={disabled} onClick={() => actions.renew(card)}>
            续费
          </Button>
        )}
        {showsRenewalCentre(buttons, role) && (
          <View
            className='product-card__link'
            role='link'
            aria-label={`续费管理 ${name}`}
            onClick={() => navigateTo(RENEWAL_CENTRE_PATH)}
          >
            续费管理
          </View>
        )}
        {buttons.upgrade && (
          <Button
            size='small'
            disabled={disabled || buttons.upgradeRefusal !== null}
            onClick={() => actions.upgrade(card)}
          >
            升级
          </Button>
        )}
        {buttons.buyNew && (
          <Button size='small' disabled={disabled} onClick={() => actions.buyNew(card)}>
            重新购买
          </Button>
        )}
        {buttons.delivery && (
          <Button size='small' disabled={disabled} onClick={() => actions.openDelivery(card)}>
            交付中心
          </Button>
        )}
      </View>
      {buttons.upgradeRefusal && <Text className='product-card__note'>{buttons.upgradeRefusal}</Text>}
    </View>
  )
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <View className='product-card__row'>
      <Text className='product-card__label'>{label}</Text>
      <Text className='product-card__value'>{value || '--'}</Text>
    </View>
  )
}
