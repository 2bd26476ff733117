import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import {
  WORK_ORDER_TYPE,
  type CreatedWorkOrder,
  type WaitFinishWorkOrder,
  type WorkOrderType,
} from '../../../core/contract/work-orders'
import { navigateTo, redirectTo } from '../../../core/routing/navigate'
import { Button } from '../../../core/ui/Button'
import { Dialog } from '../../../core/ui/Dialog'
import { useResource } from '../../../core/ui/useResource'
import { WORK_ORDER_MSG } from '../../../core/validation/work-orders'
import { refreshUnreadCounts } from '../../../core/session/unread'
import { workOrderApi } from '../api'
import {
  ASSIGNED_TEXT,
  CATEGORY_NOTE,
  submitCategories,
  blockedByOtherText,
  listOf,
  SUBMITTED_TITLE,
  typeFromQuery,
  typeLabel,
} from '../rules'
import { TemplateForm } from './TemplateForm'
import './workorders.scss'

/** /submitWorkOrder (doc2 §2): 1 the category, 2 the template's form; `?type=2|3` starts at 2. */
export function SubmitWorkOrder({ type: queryType }: { type?: string }) {
  const [type, setType] = useState<WorkOrderType | null>(() => typeFromQuery(queryType))
  // 代维管家 is offered once the account is known to hold a maintenance order.
  const maintenance = useResource(
    () =>
      workOrderApi.maintenanceOrders().then(
        (orders) => listOf(orders).length > 0,
        () => false,
      ),
    [],
  )
  const hasMaintenance = maintenance.data ?? false
  /** The unfinished maintenance order that blocks a new one (workOrderId null: not the viewer's to open). */
  const [blocked, setBlocked] = useState<WaitFinishWorkOrder | null>(null)
  const [created, setCreated] = useState<CreatedWorkOrder | null>(null)
  // A new key mounts a fresh form of the same category for 继续提交.
  const [formKey, setFormKey] = useState(0)

  const choose = async (next: WorkOrderType) => {
    setBlocked(null)
    if (next === WORK_ORDER_TYPE.maintenance) {
      try {
        const waiting = await workOrderApi.waitFinishMaintenance()
        if (waiting.exist) return setBlocked(waiting)
      } catch {
        return
      }
    }
    setType(next)
  }

  const openCreated = async () => {
    if (!created) return
    await workOrderApi.markViewed(created.id).catch(() => undefined)
    refreshUnreadCounts()
    redirectTo(`/workOrderDetail?id=${created.id}`)
  }
  const submitAnother = () => {
    setCreated(null)
    setFormKey((k) => k + 1)
  }

  return (
    <View className='wo-submit card'>
      <View className='wo-list__head'>
        <View className='wo-list__title'>提交工单</View>
        <Button size='small' onClick={() => navigateTo('/myWorkOrder')}>
          我的工单
        </Button>
      </View>
      <View className='wo-steps' aria-label='步骤'>
        <Text className={`wo-steps__step${type === null ? ' wo-steps__step--active' : ''}`}>
          1 选择问题分类
        </Text>
        <Text className={`wo-steps__step${type !== null ? ' wo-steps__step--active' : ''}`}>
          2 填写工单信息
        </Text>
      </View>
      {type === null ? (
        <View className='wo-categories' role='group' aria-label='问题分类'>
          {submitCategories(hasMaintenance).map((category) => (
            <View
              key={category}
              role='button'
              aria-label={typeLabel(category)}
              className='wo-category'
              onClick={() => choose(category)}
            >
              <View className='wo-category__name'>{typeLabel(category)}</View>
              <View className='wo-category__note'>{CATEGORY_NOTE[category]}</View>
            </View>
          ))}
          {blocked && (
            <View className='wo-blocked' role='alert'>
              {WORK_ORDER_MSG.waitFinish}
              {blocked.workOrderId === null && <View>{blockedByOtherText(blocked)}</View>}
              {blocked.workOrderId !== null && (
                <View
                  className='wo-dialog__link'
                  role='button'
                  onClick={() => navigateTo(`/workOrderDetail?id=${blocked.workOrderId}`)}
                >
                  前往该工单
                </View>
              )}
            </View>
          )}
        </View>
      ) : (
        <TemplateForm key={formKey} type={type} onBack={() => setType(null)} onCreated={setCreated} />
      )}
      {created && (
        // The dialog is the one announcement (no toast besides); closing it is 继续提交.
        <Dialog title={SUBMITTED_TITLE} className='wo-dialog' onClose={submitAnother}>
          <View className='wo-dialog__text'>{ASSIGNED_TEXT}</View>
          <View className='wo-dialog__text'>工单编号：{created.number}</View>
          <View className='dialog-actions'>
            <Button onClick={submitAnother}>继续提交</Button>
            <Button type='primary' onClick={openCreated}>
              查看工单
            </Button>
          </View>
        </Dialog>
      )}
    </View>
  )
}
