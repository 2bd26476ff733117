import { Text, View } from '@tarojs/components'
import type { LoginHistoryEntry } from '../../../core/contract/login-devices'
import { formatBeijingTime } from '../../../core/format/time'
import { DataTable, type Column } from '../../../core/ui/DataTable'
import { ListStatus } from '../../../core/ui/ListStatus'
import { LoadMore } from '../../../core/ui/LoadMore'
import { Pager } from '../../../core/ui/Pager'
import { useListMode, usePagedList } from '../../../core/ui/usePagedList'
import { ExportButton } from '../../exports/components/ExportButton'
import { loginDevicesApi } from '../login-devices-api'
import { LOGIN_DEVICES_TEXT } from '../rules'

function Result({ entry }: { entry: LoginHistoryEntry }) {
  return (
    <Text className={`state-text state-text--${entry.success ? 'ok' : 'failed'}`}>
      {entry.success ? '成功' : '失败'}
    </Text>
  )
}

const COLUMNS: Column<LoginHistoryEntry>[] = [
  { key: 'time', title: '时间', width: '170px', render: (e) => formatBeijingTime(e.time) },
  { key: 'result', title: '结果', width: '70px', render: (e) => <Result entry={e} /> },
  { key: 'method', title: '方式', width: '1fr', render: (e) => e.method || '--' },
  { key: 'ip', title: 'IP', width: '130px', render: (e) => e.ip || '--' },
  { key: 'city', title: '城市', width: '1fr', render: (e) => e.city || '--' },
  { key: 'device', title: '设备', width: '1.4fr', render: (e) => e.device || '--' },
]

/** 登录记录 (90 days, newest first): a paged table on desktop, cards with load-more on phones. */
export function LoginHistory() {
  const mode = useListMode()
  const list = usePagedList(loginDevicesApi.history, { mode })
  const rows = list.status === 'ready' && !list.empty
  return (
    <View className='login-history' aria-label='登录记录'>
      <View className='login-history__head'>
        <Text className='login-devices__subtitle'>登录记录（近90天）</Text>
        <ExportButton kind='loginHistory' />
      </View>
      <ListStatus list={list} emptyText={LOGIN_DEVICES_TEXT.historyEmpty} />
      {rows && mode === 'pages' && (
        <DataTable label='登录记录' columns={COLUMNS} rows={list.items} rowKey={(e) => e.id} />
      )}
      {rows && mode === 'more' && (
        <View className='login-history__cards' role='list' aria-label='登录记录'>
          {list.items.map((entry) => (
            <View key={entry.id} role='listitem' className='list-card'>
              <View className='list-card__top'>
                <Text className='list-card__title'>{entry.method || '--'}</Text>
                <Result entry={entry} />
              </View>
              <View className='list-card__meta'>
                <Text>{formatBeijingTime(entry.time)}</Text>
                <Text>{[entry.city, entry.ip].filter(Boolean).join(' · ')}</Text>
                <Text>{entry.device}</Text>
              </View>
            </View>
          ))}
        </View>
      )}
      {rows && (mode === 'pages' ? <Pager {...list.pager} /> : <LoadMore {...list} />)}
    </View>
  )
}
