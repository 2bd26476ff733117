import { View } from '@tarojs/components'
import type { WorkOrderActions, WorkOrderDetail } from '../../../core/contract/work-orders'
import { openLink } from '../../../core/routing/open-link'
import { Button } from '../../../core/ui/Button'
import type { WorkOrderAction } from '../hooks/useWorkOrderActions'

interface DetailActionsProps {
  order: WorkOrderDetail
  /** What the order's status allows (workOrderActions). */
  actions: WorkOrderActions
  /** The survey's address when 立即评价 is offered. */
  evaluationUrl: string | null
  onAction(action: WorkOrderAction): void
}

/** The detail's toolbar: each button the order's status allows (doc2 §4). */
export function DetailActions({ order, actions, evaluationUrl, onAction }: DetailActionsProps) {
  return (
    <View className='wo-detail__actions' role='toolbar' aria-label='工单操作'>
      {actions.confirmOrContinue && (
        <>
          <Button size='small' type='primary' onClick={() => onAction('complete')}>
            确认完结
          </Button>
          <Button size='small' onClick={() => onAction('continue')}>
            继续咨询
          </Button>
        </>
      )}
      {actions.urgent && (
        <Button size='small' onClick={() => onAction('urgent')}>
          申请加急
        </Button>
      )}
      {actions.adjustServiceItems && (
        <Button size='small' onClick={() => onAction('adjust')}>
          调整服务项目
        </Button>
      )}
      {(order.orderCode || order.productVersion) && (
        <Button size='small' onClick={() => onAction('product')}>
          产品详情
        </Button>
      )}
      {actions.close && (
        <Button size='small' onClick={() => onAction('close')}>
          关闭工单
        </Button>
      )}
      {actions.reopen && (
        <>
          <Button size='small' type='primary' onClick={() => onAction('reopen')}>
            继续服务
          </Button>
          <Button size='small' onClick={() => onAction('submitNew')}>
            提交新问题
          </Button>
        </>
      )}
      {actions.remove && (
        <Button size='small' onClick={() => onAction('remove')}>
          删除
        </Button>
      )}
      {evaluationUrl && (
        <Button size='small' type='primary' onClick={() => openLink(evaluationUrl)}>
          立即评价
        </Button>
      )}
    </View>
  )
}
