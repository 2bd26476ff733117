import { useState } from 'react'
import type { WorkOrderDetail } from '../../../core/contract/work-orders'
import { navigateTo, redirectTo } from '../../../core/routing/navigate'
import { ConfirmDialog } from '../../../core/ui/ConfirmDialog'
import { toast } from '../../../core/ui/toast'
import type { WechatReminders } from '../../../core/wechat/useWechatReminders'
import { workOrderApi } from '../api'
import {
  AdjustServicesDialog,
  CloseDialog,
  ContinueDialog,
  ProductDialog,
  ReopenDialog,
} from '../components/DetailDialogs'
import { COMPLETE_CONFIRM, DELETE_CONFIRM, DELETED_TEXT, typeFromQuery, URGED_TEXT } from '../rules'

/** A button of the detail's toolbar. */
export type WorkOrderAction =
  'complete' | 'continue' | 'urgent' | 'adjust' | 'product' | 'close' | 'reopen' | 'submitNew' | 'remove'

/** The actions that open a dialog or a confirmation first. */
type AskingAction = Exclude<WorkOrderAction, 'urgent' | 'submitNew'>

interface FollowUps {
  /** Load the order again after an action changed it. */
  reload(): void
  /** WeChat reminders, asked for from the confirming tap (继续咨询, 继续服务). */
  reminders: WechatReminders
}

/** What each action of a work order's detail does, and the dialogs they open (doc2 §2, §4). */
export function useWorkOrderActions(order: WorkOrderDetail | null, { reload, reminders }: FollowUps) {
  const [asking, setAsking] = useState<AskingAction | null>(null)
  const dismiss = () => setAsking(null)
  const done = () => {
    setAsking(null)
    reload()
  }

  // 申请加急, 确认完结 and 删除 are one call each; the request wrapper toasts a refusal.
  const call = async (request: () => Promise<unknown>, success: string, after: () => void = done) => {
    setAsking(null)
    try {
      await request()
      toast.success(success)
      after()
    } catch {
      // The request wrapper showed the server's refusal.
    }
  }

  const run = (action: WorkOrderAction) => {
    if (!order) return
    if (action === 'urgent') return void call(() => workOrderApi.urgent(order.id), URGED_TEXT)
    if (action === 'submitNew') {
      // 提交新问题 starts the form on the same problem type.
      const type = typeFromQuery(String(order.type))
      return navigateTo(type ? `/submitWorkOrder?type=${type}` : '/submitWorkOrder')
    }
    setAsking(action)
  }

  const dialogs = order && (
    <>
      {asking === 'close' && <CloseDialog order={order} onDone={done} onClose={dismiss} />}
      {asking === 'continue' && (
        <ContinueDialog order={order} reminders={reminders} onDone={done} onClose={dismiss} />
      )}
      {asking === 'reopen' && (
        <ReopenDialog order={order} reminders={reminders} onDone={done} onClose={dismiss} />
      )}
      {asking === 'adjust' && <AdjustServicesDialog order={order} onDone={done} onClose={dismiss} />}
      {asking === 'product' && <ProductDialog order={order} onClose={dismiss} />}
      {asking === 'complete' && (
        <ConfirmDialog
          open
          message={COMPLETE_CONFIRM}
          onConfirm={() => call(() => workOrderApi.close(order.id, '', 0), '提交成功')}
          onCancel={dismiss}
        />
      )}
      {asking === 'remove' && (
        <ConfirmDialog
          open
          message={DELETE_CONFIRM}
          onConfirm={() =>
            call(
              () => workOrderApi.remove(order.id),
              DELETED_TEXT,
              () => redirectTo('/myWorkOrder'),
            )
          }
          onCancel={dismiss}
        />
      )}
    </>
  )

  return { run, dialogs }
}
