import { Input, Text, View } from '@tarojs/components'
import { useState } from 'react'
import { RENEWAL_TEMPLATES } from '../../../core/contract/wechat-messages'
import { Button } from '../../../core/ui/Button'
import { Checkbox } from '../../../core/ui/Checkbox'
import { ListStatus } from '../../../core/ui/ListStatus'
import { useListMode } from '../../../core/ui/usePagedList'
import { useWechatReminders } from '../../../core/wechat/useWechatReminders'
import { WechatReminderButton } from '../../../core/wechat/WechatReminderButton'
import { useRenewalCentre, type RenewalCentre } from '../hooks/useRenewalCentre'
import {
  isChoosable,
  RENEWAL_EMPTY_TEXT,
  RENEWAL_FILTER_OPTIONS,
  RENEWAL_KEYWORD_MAX,
  RENEWAL_NO_MATCH_TEXT,
  type RenewalFilter,
} from '../rules'
import { RenewalBar } from './RenewalBar'
import { RenewalRows } from './RenewalRows'
import './renewal.scss'

function Filters({ centre }: { centre: RenewalCentre }) {
  return (
    <View className='renewal__filters' role='tablist' aria-label='续费筛选'>
      {RENEWAL_FILTER_OPTIONS.map((option) => (
        <View
          key={option.value}
          role='tab'
          aria-selected={option.value === centre.filter}
          className={`renewal__filter${option.value === centre.filter ? ' renewal__filter--active' : ''}`}
          onClick={() => centre.setFilter(option.value)}
        >
          {option.label}
        </View>
      ))}
    </View>
  )
}

/** Searched on 搜索 or the keyboard's confirm; what was typed stays in the box. */
function Search({ centre }: { centre: RenewalCentre }) {
  const [typed, setTyped] = useState(centre.keyword)
  return (
    <View className='renewal__search' role='search'>
      <Input
        name='renewalKeyword'
        className='renewal__search-input'
        aria-label='搜索产品名称或域名'
        placeholder='搜索产品名称或域名'
        confirmType='search'
        maxlength={RENEWAL_KEYWORD_MAX}
        value={typed}
        onInput={(e) => setTyped(e.detail.value)}
        onConfirm={(e) => centre.search(e.detail.value)}
      />
      <Button size='small' onClick={() => centre.search(typed)}>
        搜索
      </Button>
    </View>
  )
}

/** 全选 over the products that may be chosen, and how many are. */
function Toolbar({ centre }: { centre: RenewalCentre }) {
  const choosable = centre.items.filter(isChoosable).length
  const chosen = centre.selection.size
  return (
    <View className='renewal__toolbar' role='toolbar' aria-label='选择产品'>
      <Checkbox
        label='全选'
        checked={choosable > 0 && chosen === choosable}
        mixed={chosen > 0}
        disabled={!choosable}
        onChange={centre.chooseAll}
      />
      <Text onClick={() => choosable && centre.chooseAll(chosen !== choosable)}>全选</Text>
    </View>
  )
}

/**
 * 续费管理: every product of the account by expiry, its renewal setting, and one order
 * renewing those chosen. Desktop: a table; phones and the mini-program: cards and a sticky bar.
 */
export function RenewalCentreView({ initialFilter }: { initialFilter: RenewalFilter }) {
  const centre = useRenewalCentre(initialFilter)
  // 到期提醒: a WeChat message before a product expires (mini-program only).
  const reminders = useWechatReminders(RENEWAL_TEMPLATES)
  const mode = useListMode()
  const { list } = centre
  const empty = list.status === 'ready' && !centre.items.length
  const rows = list.status === 'ready' && !empty
  const searched = Boolean(centre.keyword) || centre.filter !== 'all'
  return (
    <View className='renewal card'>
      <View className='renewal__head'>
        <View className='renewal__title' role='heading' aria-level={1}>
          续费管理
        </View>
        <WechatReminderButton label='到期提醒' reminders={reminders} />
      </View>
      <Filters centre={centre} />
      <Search centre={centre} />
      <ListStatus
        list={{ status: list.status, error: list.error, empty, retry: list.retry }}
        emptyText={searched ? RENEWAL_NO_MATCH_TEXT : RENEWAL_EMPTY_TEXT}
      />
      {rows && <Toolbar centre={centre} />}
      {rows && <RenewalRows mode={mode} centre={centre} />}
      {rows && <RenewalBar centre={centre} sticky={mode === 'more'} />}
      {centre.dialogs}
    </View>
  )
}
