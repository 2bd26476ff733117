import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { ENVELOPE_CODE } from '../../../core/contract/envelope'
import { ApiError } from '../../../core/http/api-error'
import { yuan } from '../../../core/format/money'
import { formatBeijingTime } from '../../../core/format/time'
import { DataTable, type Column } from '../../../core/ui/DataTable'
import { ListStatus } from '../../../core/ui/ListStatus'
import { LoadMore } from '../../../core/ui/LoadMore'
import { Pager } from '../../../core/ui/Pager'
import { useListGestures } from '../../../core/ui/useListGestures'
import { useListMode, usePagedList } from '../../../core/ui/usePagedList'
import { useSubmit } from '../../../core/ui/useSubmit'
import { downloadInvoice, invoiceApi, type InvoiceApplication } from '../api'
import { applicationActions, BILL_TYPE_LABELS, INVOICE_LIST_EMPTY, invoiceStateLabel } from '../rules'
import { MergedInvoiceButton } from './MergedInvoiceButton'
import { ReissueDialog } from './ReissueDialog'
import './invoice.scss'

type Act = (application: InvoiceApplication, action: 'download' | 'reissue') => void

function Actions({ application, onAct }: { application: InvoiceApplication; onAct: Act }) {
  const can = applicationActions(application)
  if (!can.download && !can.reissue) return <Text className='invoice-list__none'>--</Text>
  return (
    <View className='invoice-list__actions'>
      {can.download && (
        <View className='invoice-action' role='button' onClick={() => onAct(application, 'download')}>
          下载发票
        </View>
      )}
      {can.reissue && (
        <View className='invoice-action' role='button' onClick={() => onAct(application, 'reissue')}>
          换开
        </View>
      )}
    </View>
  )
}

const codes = (a: InvoiceApplication) => a.orders.map((o) => o.orderCode).join('、')

const columns = (onAct: Act): Column<InvoiceApplication>[] => [
  { key: 'title', title: '发票抬头', width: '1.4fr', render: (a) => a.title },
  { key: 'type', title: '发票类型', width: '110px', render: (a) => BILL_TYPE_LABELS[a.billType] ?? '--' },
  { key: 'orders', title: '订单', width: '1.6fr', render: codes },
  { key: 'amount', title: '金额', width: '0.8fr', render: (a) => yuan(a.amount) },
  { key: 'created', title: '申请时间', width: '176px', render: (a) => formatBeijingTime(a.createTime) },
  {
    key: 'state',
    title: '状态',
    width: '80px',
    render: (a) => (
      <Text className={`invoice-state invoice-state--${a.state}`}>{invoiceStateLabel(a.state)}</Text>
    ),
  },
  { key: 'actions', title: '操作', width: '130px', render: (a) => <Actions application={a} onAct={onAct} /> },
]

function Card({ application: a, onAct }: { application: InvoiceApplication; onAct: Act }) {
  return (
    <View className='invoice-card' role='listitem' aria-label={`发票 ${a.title}`}>
      <View className='invoice-card__head'>
        <Text className='invoice-card__title'>{a.title}</Text>
        <Text className={`invoice-state invoice-state--${a.state}`}>{invoiceStateLabel(a.state)}</Text>
      </View>
      <View className='invoice-card__line'>{`${BILL_TYPE_LABELS[a.billType] ?? ''} · ${yuan(a.amount)}`}</View>
      <View className='invoice-card__line'>{`订单：${codes(a)}`}</View>
      <View className='invoice-card__line'>{`申请时间：${formatBeijingTime(a.createTime)}`}</View>
      {a.reissueReason && <View className='invoice-card__line'>{`换开原因：${a.reissueReason}`}</View>}
      <Actions application={a} onAct={onAct} />
    </View>
  )
}

/** 发票: past applications newest first, their state, the PDF once issued, 换开, and 合并开票. */
export function InvoiceList() {
  const mode = useListMode()
  const list = usePagedList(invoiceApi.list, { mode })
  useListGestures(list)
  const [reissuing, setReissuing] = useState<InvoiceApplication | null>(null)
  const download = useSubmit({
    fallback: '下载失败，请重试',
    toastFailure: true,
    // A 996 has already taken the member to the login.
    ignore: (failure) => failure instanceof ApiError && failure.code === ENVELOPE_CODE.sessionEnded,
  })

  const act: Act = (application, action) => {
    if (action === 'reissue') return setReissuing(application)
    void download.run(() => downloadInvoice(application.id))
  }

  const rows = list.status === 'ready' && !list.empty
  return (
    <View className='invoice-list card'>
      <View className='invoice-list__head'>
        <View className='invoice-list__title'>发票申请</View>
        <MergedInvoiceButton onApplied={() => void list.reload()} />
      </View>
      <ListStatus list={list} emptyText={INVOICE_LIST_EMPTY} />
      {rows &&
        (mode === 'pages' ? (
          <DataTable label='发票申请列表' columns={columns(act)} rows={list.items} rowKey={(a) => a.id} />
        ) : (
          <View role='list' aria-label='发票申请列表'>
            {list.items.map((a) => (
              <Card key={a.id} application={a} onAct={act} />
            ))}
          </View>
        ))}
      {mode === 'pages' ? <Pager {...list.pager} /> : <LoadMore {...list} />}
      {reissuing && (
        <ReissueDialog
          application={reissuing}
          onClose={() => setReissuing(null)}
          onDone={() => {
            setReissuing(null)
            void list.reload()
          }}
        />
      )}
    </View>
  )
}
