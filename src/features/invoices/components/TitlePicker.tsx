import { View } from '@tarojs/components'
import { useState } from 'react'
import { ChoiceGroup } from '../../../core/ui/ChoiceGroup'
import { LoadFailed } from '../../../core/ui/ResourceStatus'
import { useResource } from '../../../core/ui/useResource'
import { invoiceApi, type InvoiceTitle } from '../api'
import { TITLES_EMPTY } from '../rules'

/**
 * 常用抬头 in the invoice dialog: choosing a saved title fills its fields instead of retyping them.
 * The titles themselves are kept on the 发票 page.
 */
export function TitlePicker({ onPick }: { onPick(title: InvoiceTitle): void }) {
  const titles = useResource(invoiceApi.titles, [])
  const [chosen, setChosen] = useState<number | null>(null)
  if (titles.status === 'loading') {
    return (
      <View className='invoice-form__note' role='status'>
        常用抬头加载中…
      </View>
    )
  }
  if (titles.status === 'error') return <LoadFailed message={titles.error} onRetry={titles.retry} />
  const list = titles.data ?? []
  if (!list.length) return <View className='invoice-form__note'>{`${TITLES_EMPTY}，可在发票管理中添加`}</View>
  return (
    <ChoiceGroup
      label='常用抬头'
      options={list.map((t) => ({ value: t.id, label: t.title }))}
      value={chosen}
      onChange={(id) => {
        setChosen(id)
        const title = list.find((t) => t.id === id)
        if (title) onPick(title)
      }}
    />
  )
}
