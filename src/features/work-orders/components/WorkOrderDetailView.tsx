import { Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { WORK_ORDER_TEMPLATES } from '../../../core/contract/wechat-messages'
import { workOrderActions } from '../../../core/contract/work-orders'
import { formatBeijingTime } from '../../../core/format/time'
import { navigateTo, redirectTo } from '../../../core/routing/navigate'
import { openLink } from '../../../core/routing/open-link'
import { Button } from '../../../core/ui/Button'
import { ConfirmDialog } from '../../../core/ui/ConfirmDialog'
import { ResourceStatus } from '../../../core/ui/ResourceStatus'
import { toast } from '../../../core/ui/toast'
import { useResource } from '../../../core/ui/useResource'
import { refreshUnreadCounts } from '../../../core/session/unread'
import { useWechatReminders } from '../../../core/wechat/useWechatReminders'
import { WechatReminderButton } from '../../../core/wechat/WechatReminderButton'
import { workOrderApi } from '../api'
import {
  COMPLETE_CONFIRM,
  DELETE_CONFIRM,
  DELETED_TEXT,
  isLongText,
  REPLY_AWAITING_NOTE,
  typeFromQuery,
  typeLabel,
  URGED_TEXT,
} from '../rules'
import {
  AdjustServicesDialog,
  CloseDialog,
  ContinueDialog,
  ProductDialog,
  ReopenDialog,
} from './DetailDialogs'
import { FileGroup } from './FileList'
import { RecordList } from './RecordList'
import { ReplyBox } from './ReplyBox'
import { RichContent } from './RichContent'
import { StatusTag } from './StatusTag'
import './workorders.scss'

type Dialog = 'close' | 'continue' | 'reopen' | 'adjust' | 'product' | 'complete' | 'delete' | null

/** /workOrderDetail?id= (doc2 §2, §4): header, fields and files, records, reply box and the actions. */
export function WorkOrderDetailView({ id }: { id?: string }) {
  // No id: nothing to ask; the page says so (no retry).
  const resource = useResource(() => (id ? workOrderApi.detail(id) : Promise.resolve(null)), [id])
  const order = resource.data ?? null
  const [dialog, setDialog] = useState<Dialog>(null)
  const load = resource.reload
  // Mini-program only: 回复提醒, and the asks at 回复 / 继续咨询 / 继续服务.
  const reminders = useWechatReminders(WORK_ORDER_TEMPLATES)
  const remind = () => void reminders.ask()

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

  const done = () => {
    setDialog(null)
    void load()
  }
  const simple = async (call: () => Promise<unknown>, success: string, after = done) => {
    setDialog(null)
    try {
      await call()
      toast.success(success)
      after()
    } catch {
      // The request wrapper showed the server's refusal.
    }
  }
  const fields = [...(order.acWorkOrderDataPos ?? [])].sort((a, b) => a.sort - b.sort)
  const newIssueType = typeFromQuery(String(order.type))

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
        <View className='wo-detail__actions' role='toolbar' aria-label='工单操作'>
          {actions.confirmOrContinue && (
            <>
              <Button size='small' type='primary' onClick={() => setDialog('complete')}>
                确认完结
              </Button>
              <Button size='small' onClick={() => setDialog('continue')}>
                继续咨询
              </Button>
            </>
          )}
          {actions.urgent && (
            <Button size='small' onClick={() => simple(() => workOrderApi.urgent(order.id), URGED_TEXT)}>
              申请加急
            </Button>
          )}
          {actions.adjustServiceItems && (
            <Button size='small' onClick={() => setDialog('adjust')}>
              调整服务项目
            </Button>
          )}
          {(order.orderCode || order.productVersion) && (
            <Button size='small' onClick={() => setDialog('product')}>
              产品详情
            </Button>
          )}
          {actions.close && (
            <Button size='small' onClick={() => setDialog('close')}>
              关闭工单
            </Button>
          )}
          {actions.reopen && (
            <>
              <Button size='small' type='primary' onClick={() => setDialog('reopen')}>
                继续服务
              </Button>
              <Button
                size='small'
                onClick={() =>
                  navigateTo(newIssueType ? `/submitWorkOrder?type=${newIssueType}` : '/submitWorkOrder')
                }
              >
                提交新问题
              </Button>
            </>
          )}
          {actions.remove && (
            <Button size='small' onClick={() => setDialog('delete')}>
              删除
            </Button>
          )}
          {evaluation && evaluation.evaluateStatus === 0 && evaluation.url && (
            <Button size='small' type='primary' onClick={() => openLink(evaluation.url)}>
              立即评价
            </Button>
          )}
        </View>
        {!actions.reopen && <WechatReminderButton label='回复提醒' reminders={reminders} />}
      </View>

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

      <View className='wo-detail__section card'>
        <View className='wo-detail__section-title'>沟通记录</View>
        <RecordList records={order.recordsDtos ?? []} />
        {actions.reply && (
          <ReplyBox
            workOrderId={order.id}
            note={actions.confirmOrContinue ? REPLY_AWAITING_NOTE : undefined}
            remind={remind}
            onSent={load}
          />
        )}
      </View>

      {dialog === 'close' && <CloseDialog order={order} onDone={done} onClose={() => setDialog(null)} />}
      {dialog === 'continue' && (
        <ContinueDialog order={order} remind={remind} onDone={done} onClose={() => setDialog(null)} />
      )}
      {dialog === 'reopen' && (
        <ReopenDialog order={order} remind={remind} onDone={done} onClose={() => setDialog(null)} />
      )}
      {dialog === 'adjust' && (
        <AdjustServicesDialog order={order} onDone={done} onClose={() => setDialog(null)} />
      )}
      {dialog === 'product' && <ProductDialog order={order} onClose={() => setDialog(null)} />}
      {dialog === 'complete' && (
        <ConfirmDialog
          open
          message={COMPLETE_CONFIRM}
          onConfirm={() => simple(() => workOrderApi.close(order.id, '', 0), '提交成功')}
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog === 'delete' && (
        <ConfirmDialog
          open
          message={DELETE_CONFIRM}
          onConfirm={() =>
            simple(
              () => workOrderApi.remove(order.id),
              DELETED_TEXT,
              () => redirectTo('/myWorkOrder'),
            )
          }
          onCancel={() => setDialog(null)}
        />
      )}
    </View>
  )
}
