import { Text, View } from '@tarojs/components'
import { Checkbox } from '../../../core/ui/Checkbox'
import { DataTable, type Column } from '../../../core/ui/DataTable'
import type { RenewalItem } from '../api'
import type { RenewalCentre } from '../hooks/useRenewalCentre'
import { isChoosable, renewalName } from '../rules'
import { CycleChoice, DaysLeft, ExpiryTime, ModeSwitch } from './RenewalParts'
import './renewal.scss'

interface RenewalRowsProps {
  mode: 'pages' | 'more'
  centre: RenewalCentre
}

/** A product's select box: disabled (and unchecked) when it cannot be renewed here now. */
function Choose({ item, centre }: { item: RenewalItem; centre: RenewalCentre }) {
  return (
    <Checkbox
      label={`选择 ${renewalName(item)}`}
      checked={centre.selection.has(item.businessId)}
      disabled={!isChoosable(item)}
      onChange={(checked) => centre.choose(item, checked)}
    />
  )
}

function Name({ item }: { item: RenewalItem }) {
  return (
    <View className='renewal-name'>
      <Text className='renewal-name__title'>{renewalName(item)}</Text>
      <Text className='renewal-name__version'>{item.productVersion || '--'}</Text>
    </View>
  )
}

const columns = (centre: RenewalCentre): Column<RenewalItem>[] => [
  {
    key: 'select',
    title: '选择',
    width: '56px',
    render: (item) => <Choose item={item} centre={centre} />,
  },
  {
    key: 'name',
    title: '产品名称 / 版本',
    width: 'minmax(160px, 1.3fr)',
    render: (item) => <Name item={item} />,
  },
  {
    key: 'domain',
    title: '域名 / 节点',
    width: 'minmax(140px, 1.2fr)',
    render: (item) => item.secondDomain || '--',
  },
  {
    key: 'expiry',
    title: '到期时间',
    width: '150px',
    render: (item) => (
      <View className='renewal-expiry'>
        <ExpiryTime item={item} />
        <DaysLeft item={item} />
      </View>
    ),
  },
  {
    key: 'mode',
    title: '续费方式',
    width: '130px',
    render: (item) => <ModeSwitch item={item} centre={centre} />,
  },
  {
    key: 'cycle',
    title: '续费时长',
    width: 'minmax(220px, 2fr)',
    render: (item) => <CycleChoice item={item} centre={centre} />,
  },
]

/** The products as a table with select boxes on desktop, as cards with a select box on phones. */
export function RenewalRows({ mode, centre }: RenewalRowsProps) {
  if (mode === 'pages') {
    return (
      <DataTable
        label='续费产品列表'
        columns={columns(centre)}
        rows={centre.items}
        rowKey={(item) => item.businessId}
        rowClassName={(item) => (centre.selection.has(item.businessId) ? 'renewal-row--chosen' : '')}
      />
    )
  }
  return (
    <View className='renewal-cards' role='list' aria-label='续费产品列表'>
      {centre.items.map((item) => (
        <View
          key={item.businessId}
          role='listitem'
          aria-label={renewalName(item)}
          className={`renewal-card${centre.selection.has(item.businessId) ? ' renewal-card--chosen' : ''}`}
        >
          <View className='renewal-card__top'>
            <Choose item={item} centre={centre} />
            <Name item={item} />
            <DaysLeft item={item} />
          </View>
          <View className='renewal-card__line'>
            <Text className='renewal-card__label'>域名 / 节点</Text>
            <Text className='renewal-card__value'>{item.secondDomain || '--'}</Text>
          </View>
          <View className='renewal-card__line'>
            <Text className='renewal-card__label'>到期时间</Text>
            <ExpiryTime item={item} />
          </View>
          <View className='renewal-card__line'>
            <Text className='renewal-card__label'>续费方式</Text>
            <ModeSwitch item={item} centre={centre} />
          </View>
          <CycleChoice item={item} centre={centre} />
        </View>
      ))}
    </View>
  )
}
