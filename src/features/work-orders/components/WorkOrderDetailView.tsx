import { Text, View } from '@tarojs/components'
import { useEffect } from 'react'
import { WORK_ORDER_TEMPLATES } from '../../../core/contract/wechat-messages'
import { workOrderActions, type WorkOrderDetail } from '../../../core/contract/work-orders'
import { formatBeijingTime } from '../../../core/format/time'
import { ResourceStatus } from '../../../core/ui/ResourceStatus'
import { useResource } from '../../../core/ui/useResource'
import { refreshUnreadCounts } from '../../../core/session/unread'
import { useWechatReminders } from '../../../core/wechat/useWechatReminders'
import { WechatReminderButton } from '../../../core/wechat/WechatReminderButton'
import { workOrderApi } from '../api'
import { useWorkOrderActions } from '../hooks/useWorkOrderActions'
import { isLongText, REPLY_AWAITING_NOTE, typeLabel } from '../rules'
import { DetailActions } from './DetailActions'
import { FileGroup } from './FileList'
import { RecordList } from './RecordList'
import { ReplyBox } from './ReplyBox'
import { RichContent } from './RichContent'
import { StatusTag } from './StatusTag'
import './workorders.scss'

/** /workOrderDetail?id= (doc2 §2, §4): header, fields and files, records, reply box and the actions. */
export function WorkOrderDetailView({ id }: { id?: string }) {
  // No id: nothing to ask; the page says so (no retry).
  const resource = useResource(() => (id ? workOrderApi.detail(id) : Promise.resolve(null)), [id])
  const order = resource.data ?? null
  const load = resource.reload
  // The mini-program and WeChat's browser: 回复提醒, and the asks at 回复 / 继续咨询 / 继续服务.
  const reminders = useWechatReminders(WORK_ORDER_TEMPLATES)
  const { run, dialogs } = useWorkOrderActions(order, { reload: () => void load(), reminders })

  useEffect(() => {
    if (!id) return
    // Opening the detail marks its replies read: the header badge drops.
    workOrderApi
      .markViewed(Number(id))
      .then(refreshUnreadCounts)
      .catch(() => undefined)
  }, [id])

  const actions = order ? workOrderActions(order) : null
  // 立即评价: asked for again when the order or its status changes; a failure offers none.
  const askEvaluation = order && actions?.askEvaluation ? order.id : null
  const evaluation =
    useResource(
      () =>
        askEvaluation === null
          ? Promise.resolve(null)
          : workOrderApi.evaluation(askEvaluation).catch(() => null),
      [askEvaluation, order?.status],
    ).data ?? null

  if (resource.status !== 'ready') return <ResourceStatus resource={resource} />
  if (!order || !actions)
    return (
      <View className='card list-status list-status--error' role='alert'>
        <Text>非法参数，请重试</Text>
      </View>
    )

  const evaluationUrl =
    evaluation && evaluation.evaluateStatus === 0 && evaluation.url ? evaluation.url : null

  return (
    <View className='wo-detail'>
      <View className={`wo-detail__header card wo-detail__header--${order.status}`}>
        <View className='wo-detail__title'>
          <Text>工单编号：{order.number}</Text>
          <StatusTag status={order.status} />
          {order.isUrgent === 1 && <Text className='wo-urgent'>加急</Text>}
        </View>
        <View className='wo-detail__meta'>
          <Text>问题分类：{typeLabel(order.type)}</Text>
          <Text>问题细类：{order.taskName || '--'}</Text>
          <Text>提交时间：{formatBeijingTime(order.submitTime)}</Text>
          <Text>最后更新：{formatBeijingTime(order.lastUpdateTime)}</Text>
        </View>
        <DetailActions order={order} actions={actions} evaluationUrl={evaluationUrl} onAction={run} />
        {!actions.reopen && <WechatReminderButton label='回复提醒' reminders={reminders} />}
      </View>

      <OrderFields order={order} />

      <View className='wo-detail__section card'>
        <View className='wo-detail__section-title'>沟通记录</View>
        <RecordList records={order.recordsDtos ?? []} />
        {actions.reply && (
          <ReplyBox
            workOrderId={order.id}
            note={actions.confirmOrContinue ? REPLY_AWAITING_NOTE : undefined}
            reminders={reminders}
            onSent={load}
          />
        )}
      </View>

      {dialogs}
    </View>
  )
}

/** 工单信息: the template's fields in their order, then the files. */
function OrderFields({ order }: { order: WorkOrderDetail }) {
  const fields = [...(order.acWorkOrderDataPos ?? [])].sort((a, b) => a.sort - b.sort)
  return (
    <View className='wo-detail__section card' aria-label='工单信息'>
      <View className='wo-detail__section-title'>工单信息</View>
      {fields.map((field) => (
        <View key={field.fieldCode} className='wo-detail__row'>
          <Text className='wo-detail__label'>{field.name}</Text>
          {/* Multi-line fields keep the customer's line breaks, as the description does. */}
          {isLongText(field.fieldCode) && field.fieldValue ? (
            <RichContent className='wo-detail__value' html={field.fieldValue} />
          ) : (
            <Text className='wo-detail__value'>{field.fieldValue || '--'}</Text>
          )}
        </View>
      ))}
      <FileGroup files={order.acWorkOrderFilePos ?? []} label='附件' />
      <FileGroup files={order.licenseList ?? []} label='营业执照扫描件' />
      <FileGroup files={order.identityList ?? []} label='联系人身份证扫描件' />
    </View>
  )
}
