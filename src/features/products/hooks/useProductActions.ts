// What a card's buttons do (account-area §4 home list): renewal by renewalTarget, upgrade and buying
// again through the confirm page, the backend sign-in link and the delivery centre in a new tab.
import { useState } from 'react'
import { openUrl } from '../../../core/platform/links'
import { navigateTo } from '../../../core/routing/navigate'
import { toast } from '../../../core/ui/toast'
import { productApi, type ProductCard } from '../api'
import { confirmOrderPath, ORDER_TYPE, renewalTarget, type RenewalTarget } from '../rules'

/** account-area §8. */
export const NO_DELIVERY_ADDRESS = '暂无云梦交付中心地址'
/** The backend a sign-in link opens. */
const BACKEND_TAG = 'houtai'

function go(target: RenewalTarget) {
  if (target.kind === 'external') openUrl(target.url)
  else if (target.kind === 'page') navigateTo(target.path)
}

export function useProductActions() {
  const [busyId, setBusyId] = useState<number | null>(null)

  // One action at a time; failures were already shown by the request wrapper.
  const run = (card: ProductCard, action: () => Promise<void>) => {
    if (busyId !== null) return
    setBusyId(card.id)
    action()
      .catch(() => undefined)
      .finally(() => setBusyId(null))
  }

  return {
    busyId,
    renew: (card: ProductCard) =>
      run(card, async () => {
        const target = renewalTarget(card)
        if (target.kind !== 'check') return go(target)
        const [unpaid, skuId] = await Promise.all([
          productApi.unpaidRenewal(card.id),
          productApi.renewSkuId(card.id),
        ])
        go(renewalTarget(card, unpaid, skuId))
      }),
    upgrade: (card: ProductCard) =>
      navigateTo(confirmOrderPath(card.skuId, ORDER_TYPE.upgrade, card.secondDomain)),
    buyNew: (card: ProductCard) =>
      navigateTo(confirmOrderPath(card.skuId, ORDER_TYPE.purchase, card.secondDomain)),
    openBackend: (card: ProductCard) =>
      run(card, async () => openUrl((await productApi.backendSignIn(card.id, BACKEND_TAG)).url)),
    openDelivery: (card: ProductCard) =>
      run(card, async () => {
        const { address } = await productApi.deliveryAddress(card.secondDomain)
        if (address) openUrl(address)
        else toast.error(NO_DELIVERY_ADDRESS)
      }),
  }
}

export type ProductActions = ReturnType<typeof useProductActions>
