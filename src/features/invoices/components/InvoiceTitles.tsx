import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { MAX_INVOICE_TITLES } from '../../../core/validation/invoices'
import { Button } from '../../../core/ui/Button'
import { ConfirmDialog } from '../../../core/ui/ConfirmDialog'
import { ResourceStatus } from '../../../core/ui/ResourceStatus'
import { toast } from '../../../core/ui/toast'
import { useResource } from '../../../core/ui/useResource'
import { useSubmit } from '../../../core/ui/useSubmit'
import { invoiceApi, type InvoiceTitle } from '../api'
import { TITLES_EMPTY, titleSummary } from '../rules'
import { TitleFormDialog } from './TitleFormDialog'
import './invoice.scss'

/** 常用发票抬头: the account's saved titles, added, edited and deleted (after a confirmation). */
export function InvoiceTitles() {
  const titles = useResource(invoiceApi.titles, [])
  const [editing, setEditing] = useState<InvoiceTitle | 'new' | null>(null)
  const [deleting, setDeleting] = useState<InvoiceTitle | null>(null)
  const remove = useSubmit({ fallback: '删除失败，请重试' })
  const list = titles.data ?? []

  const confirmDelete = (title: InvoiceTitle) => {
    setDeleting(null)
    void remove.run(async () => {
      await invoiceApi.deleteTitle(title.id)
      toast.success('删除成功')
      await titles.reload()
    })
  }

  return (
    <View className='invoice-titles card'>
      <View className='invoice-list__head'>
        <View className='invoice-list__title'>常用发票抬头</View>
        {titles.status === 'ready' && list.length < MAX_INVOICE_TITLES && (
          <Button size='small' onClick={() => setEditing('new')}>
            新增抬头
          </Button>
        )}
      </View>
      <ResourceStatus resource={titles} />
      {titles.status === 'ready' && !list.length && (
        <View className='list-status list-status--empty' role='status'>
          {TITLES_EMPTY}
        </View>
      )}
      <View role='list' aria-label='常用发票抬头'>
        {list.map((title) => (
          <View key={title.id} className='invoice-title' role='listitem' aria-label={title.title}>
            <View className='invoice-title__text'>
              <Text className='invoice-card__title'>{title.title}</Text>
              <Text className='invoice-title__summary'>{titleSummary(title)}</Text>
            </View>
            <View className='invoice-list__actions'>
              <View className='invoice-action' role='button' onClick={() => setEditing(title)}>
                编辑
              </View>
              <View className='invoice-action' role='button' onClick={() => setDeleting(title)}>
                删除
              </View>
            </View>
          </View>
        ))}
      </View>
      {editing && (
        <TitleFormDialog
          title={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            void titles.reload()
          }}
        />
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        message={`确定删除发票抬头“${deleting?.title ?? ''}”吗？已提交的发票申请不受影响。`}
        onConfirm={() => deleting && confirmDelete(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </View>
  )
}
