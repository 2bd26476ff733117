import { Input, Text, View } from '@tarojs/components'
import { memo, useState } from 'react'
import { DateField } from '../../../core/platform/date-field'
import { Button } from '../../../core/ui/Button'
import { ChoiceGroup } from '../../../core/ui/ChoiceGroup'
import { FieldError } from '../../../core/ui/FieldError'
import { dateRangeError, numberQuery } from '../../../core/validation/work-orders'
import { NUMBER_SEARCH_MAX } from '../../../core/contract/work-orders'
import { activeFilterCount, dateFilterRange, EMPTY_FILTER, STATUS_FILTERS, type ListFilter } from '../rules'

interface ListFiltersProps {
  /** Phones need both dates (doc2 §2). */
  requireBothDates: boolean
  /** Phones: the form waits behind a 筛选 button so the first screen shows work orders. */
  collapsible: boolean
  onSearch(filter: ListFilter): void
}

/**
 * /myWorkOrder filters: number (digits, 8), description, status, submit date range; 查询 and 重置.
 * On phones they open from a 筛选 button that counts the filters in use; 查询 and 重置 close them.
 * Memoised: the list's answers re-render the page around the filters, not them.
 */
export const ListFilters = memo(function ListFilters({
  requireBothDates,
  collapsible,
  onSearch,
}: ListFiltersProps) {
  const [filter, setFilter] = useState<ListFilter>(EMPTY_FILTER)
  const [applied, setApplied] = useState<ListFilter>(EMPTY_FILTER)
  const [open, setOpen] = useState(false)
  const [error, setError] = useState('')
  const [range] = useState(() => dateFilterRange(Date.now()))
  const set = <K extends keyof ListFilter>(key: K, value: ListFilter[K]) => {
    setFilter((f) => ({ ...f, [key]: value }))
    if (key === 'start' || key === 'end') setError('')
  }
  const search = () => {
    const refusal = dateRangeError(filter.start, filter.end, requireBothDates)
    setError(refusal ?? '')
    if (!refusal) apply(filter)
  }
  const reset = () => {
    setFilter(EMPTY_FILTER)
    setError('')
    apply(EMPTY_FILTER)
  }
  const apply = (next: ListFilter) => {
    setApplied(next)
    setOpen(false)
    onSearch(next)
  }
  const count = activeFilterCount(applied)
  const toggle = collapsible && (
    <View
      role='button'
      aria-expanded={open}
      aria-label={count ? `筛选（${count}）` : '筛选'}
      className={`wo-filter-toggle${count ? ' wo-filter-toggle--active' : ''}`}
      onClick={() => setOpen((o) => !o)}
    >
      筛选
      {count > 0 && <Text className='wo-filter-toggle__count'>{count}</Text>}
    </View>
  )
  if (collapsible && !open) return <View className='wo-filter-bar'>{toggle}</View>
  return (
    <View className={collapsible ? 'wo-filter-bar' : undefined}>
      {toggle}
      <View
        className={`wo-filter${collapsible ? ' wo-filter--panel' : ''}`}
        role='search'
        aria-label='工单筛选'
      >
        <View className='wo-filter__item'>
          <Text className='wo-filter__label'>工单编号</Text>
          <Input
            name='orderNum'
            className='wo-filter__input'
            type='number'
            maxlength={NUMBER_SEARCH_MAX}
            placeholder='请输入工单编号'
            value={filter.number}
            onInput={(e) => {
              const digits = numberQuery(e.detail.value)
              set('number', digits)
              return digits
            }}
          />
        </View>
        <View className='wo-filter__item'>
          <Text className='wo-filter__label'>问题描述</Text>
          <Input
            name='description'
            className='wo-filter__input'
            placeholder='请输入问题描述'
            maxlength={500}
            value={filter.description}
            onInput={(e) => set('description', e.detail.value)}
          />
        </View>
        <View className='wo-filter__item'>
          <Text className='wo-filter__label'>状态</Text>
          <ChoiceGroup
            label='状态'
            variant='plain'
            options={STATUS_FILTERS}
            value={filter.status}
            onChange={(value) => set('status', value)}
          />
        </View>
        <View className='wo-filter__item'>
          <Text className='wo-filter__label'>提交时间</Text>
          <DateField label='开始日期' {...range} value={filter.start} onChange={(v) => set('start', v)} />
          <Text className='wo-filter__to'>至</Text>
          <DateField label='结束日期' {...range} value={filter.end} onChange={(v) => set('end', v)} />
        </View>
        <View className='wo-filter__actions'>
          <Button size='small' type='primary' onClick={search}>
            查询
          </Button>
          <Button size='small' onClick={reset}>
            重置
          </Button>
        </View>
        <FieldError message={error} />
      </View>
    </View>
  )
})
