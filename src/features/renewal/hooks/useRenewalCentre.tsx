import Taro, { usePullDownRefresh } from '@tarojs/taro'
import { useEffect, useMemo, useState } from 'react'
import { navigateTo } from '../../../core/routing/navigate'
import { ConfirmDialog } from '../../../core/ui/ConfirmDialog'
import { toast } from '../../../core/ui/toast'
import { useShownAgain } from '../../../core/ui/useShownAgain'
import { useResource } from '../../../core/ui/useResource'
import { useSubmit } from '../../../core/ui/useSubmit'
import { renewalApi, type RenewalItem } from '../api'
import {
  batchRenewalBody,
  defaultRenewalCycle,
  keptSelection,
  modeChangeNeedsConfirm,
  MODE_SAVED,
  NO_RENEW_CONFIRM,
  otherMode,
  RENEWAL_MESSAGES,
  renewalPayPath,
  renewalQuery,
  selectAll,
  selectionTotal,
  sortByExpiry,
  type RenewalFilter,
  type RenewalMode,
  type RenewalSelection,
} from '../rules'

const NO_ITEMS: RenewalItem[] = []

/**
 * The renewal centre's state: the list by filter and keyword, the products
 * chosen with their cycles, the renewal setting of each, and the batch order that pays them once.
 */
export function useRenewalCentre(initialFilter: RenewalFilter) {
  const [filter, setFilter] = useState(initialFilter)
  // The keyword searched; what is being typed stays in the search box until it is submitted.
  const [keyword, setKeyword] = useState('')
  const list = useResource(
    () => renewalApi.products(renewalQuery(filter, keyword)).then(sortByExpiry),
    [filter, keyword],
  )
  const items = list.data ?? NO_ITEMS

  const [picked, setPicked] = useState<RenewalSelection>(() => new Map())
  // Only what the list shows and may still be renewed counts: a product that went into an unpaid
  // order, or out of the filter, leaves the selection (and does not come back chosen later).
  const selection = useMemo(() => keptSelection(items, picked), [items, picked])
  useEffect(() => setPicked((current) => keptSelection(items, current)), [items])

  const choose = (item: RenewalItem, checked: boolean) =>
    setPicked((current) => {
      const next = new Map(current)
      const cycle = current.get(item.businessId) ?? defaultRenewalCycle(item.cycles)
      if (checked && cycle !== null) next.set(item.businessId, cycle)
      else next.delete(item.businessId)
      return next
    })
  /** Choosing a cycle chooses its product too: that is what the customer means by it. */
  const chooseCycle = (item: RenewalItem, cycle: number) =>
    setPicked((current) => new Map(current).set(item.businessId, cycle))
  const chooseAll = (checked: boolean) => setPicked((current) => selectAll(items, current, checked))

  // Back from the payment page (or the mini-program's return from the background): the products
  // paid or still pending show so.
  const { reload } = list
  useShownAgain(() => void reload())
  usePullDownRefresh(() => {
    void reload().finally(() => Taro.stopPullDownRefresh())
  })

  // The renewal setting, changed in place; 到期不续 asks first.
  const modeSave = useSubmit()
  const [savingId, setSavingId] = useState<number | null>(null)
  const [confirming, setConfirming] = useState<RenewalItem | null>(null)
  const saveMode = (item: RenewalItem, mode: RenewalMode) => {
    // One change at a time: the list reloads after each.
    if (savingId !== null) return
    setSavingId(item.businessId)
    void modeSave
      .run(async () => {
        await renewalApi.setMode({ businessId: item.businessId, mode })
        toast.success(MODE_SAVED)
        await reload()
      })
      .finally(() => setSavingId(null))
  }
  const changeMode = (item: RenewalItem) => {
    const next = otherMode(item.renewalMode)
    if (modeChangeNeedsConfirm(next)) setConfirming(item)
    else saveMode(item, next)
  }
  const confirmNoRenew = () => {
    const item = confirming
    setConfirming(null)
    if (item) saveMode(item, otherMode(item.renewalMode))
  }

  // One order for every product chosen, paid on the payment page of each end. A refusal is the
  // request wrapper's toast; the selection stays as it was.
  const order = useSubmit()
  const renew = () => {
    const body = batchRenewalBody(items, selection)
    if (!body.items.length) return toast.error(RENEWAL_MESSAGES.emptySelection)
    void order.run(async () => {
      const answer = await renewalApi.batchOrder(body)
      navigateTo(renewalPayPath(answer.orderCode))
    })
  }

  const dialogs = (
    <ConfirmDialog
      open={Boolean(confirming)}
      title='到期不续'
      message={NO_RENEW_CONFIRM}
      onConfirm={confirmNoRenew}
      onCancel={() => setConfirming(null)}
    />
  )

  return {
    filter,
    setFilter,
    keyword,
    search: (typed: string) => setKeyword(typed.trim()),
    list,
    items,
    selection,
    total: selectionTotal(items, selection),
    choose,
    chooseCycle,
    chooseAll,
    changeMode,
    savingId,
    renew,
    ordering: order.busy,
    dialogs,
  }
}

export type RenewalCentre = ReturnType<typeof useRenewalCentre>
