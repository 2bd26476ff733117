import { Text, View } from '@tarojs/components'
import { useState, type ReactNode } from 'react'
import {
  CLOSE_REASONS,
  REOPEN_REASONS,
  type ServiceProjectItem,
  type WorkOrderDetail,
} from '../../../core/contract/work-orders'
import { formatBeijingTime } from '../../../core/format/time'
import { ChoiceGroup } from '../../../core/ui/ChoiceGroup'
import { Dialog } from '../../../core/ui/Dialog'
import { FieldError } from '../../../core/ui/FieldError'
import { toast } from '../../../core/ui/toast'
import { useSubmit } from '../../../core/ui/useSubmit'
import { WechatAsk } from '../../../core/wechat/WechatAsk'
import type { WechatReminders } from '../../../core/wechat/useWechatReminders'
import {
  closeReasonError,
  continueError,
  hasServiceRequest,
  reopenErrors,
  WORK_ORDER_MSG,
} from '../../../core/validation/work-orders'
import { workOrderApi } from '../api'
import { adjustableServiceItems, REOPEN_NOTE, serviceRequest, typedFromRequest, typeLabel } from '../rules'
import { CountedTextarea } from './CountedTextarea'
import { ServiceItems } from './ServiceItems'

interface ActionDialogProps {
  order: WorkOrderDetail
  /** WeChat reminders, asked for from the confirming tap (never awaited: the action goes on). */
  reminders?: WechatReminders
  onDone(): void
  onClose(): void
}

/**
 * A dialog's call: busy while it runs, then the success toast and the detail reloads; a refusal
 * shows under the dialog's body (the calls are silent) and the dialog keeps what was typed.
 */
function useRun(onDone: () => void) {
  const submit = useSubmit()
  const run = (call: () => Promise<unknown>, success: string) =>
    submit.run(async () => {
      await call()
      toast.success(success)
      onDone()
    })
  return { busy: submit.busy, failure: submit.failure, run }
}

type RunState = ReturnType<typeof useRun>

/** The frame of every action dialog here: the work-order look and the state of its call. */
function ActionFrame({
  title,
  confirmText = '提交',
  action,
  reminders,
  onConfirm,
  onClose,
  children,
}: {
  title: string
  confirmText?: string
  action: RunState
  /** In WeChat's browser the confirming button carries the subscription tag (WechatAsk). */
  reminders?: WechatReminders
  onConfirm(): void
  onClose(): void
  children: ReactNode
}) {
  const wrapConfirm = reminders
    ? (button: ReactNode) => (
        <WechatAsk reminders={reminders} label={confirmText} onTap={onConfirm}>
          {button}
        </WechatAsk>
      )
    : undefined
  return (
    <Dialog
      title={title}
      className='wo-dialog'
      confirmText={confirmText}
      failure={action.failure}
      busy={action.busy}
      onConfirm={onConfirm}
      onClose={onClose}
      wrapConfirm={wrapConfirm}
    >
      {children}
    </Dialog>
  )
}

function MessageArea({
  label,
  value,
  onChange,
}: {
  label: string
  value: string
  onChange(v: string): void
}) {
  return <CountedTextarea name={label} label={label} value={value} placeholder='请输入' onChange={onChange} />
}

/** 关闭工单 with one of the seven reasons (closeWorkOrder isClose 1). */
export function CloseDialog({ order, onDone, onClose }: ActionDialogProps) {
  const [reason, setReason] = useState<string | null>(null)
  const [error, setError] = useState('')
  const action = useRun(onDone)
  const confirm = () => {
    const refusal = closeReasonError(reason ?? '', CLOSE_REASONS)
    setError(refusal ?? '')
    if (!refusal) action.run(() => workOrderApi.close(order.id, reason as string, 1), WORK_ORDER_MSG.closed)
  }
  return (
    <ActionFrame
      title='关闭工单'
      confirmText='确认关闭'
      action={action}
      onConfirm={confirm}
      onClose={onClose}
    >
      <View className='wo-dialog__text'>请选择关闭工单的原因：</View>
      <ChoiceGroup
        label='关闭原因'
        variant='plain'
        column
        options={CLOSE_REASONS.map((r) => ({ value: r, label: r }))}
        value={reason}
        onChange={(r) => {
          setReason(r)
          setError('')
        }}
      />
      <FieldError message={error} />
    </ActionFrame>
  )
}

/** 继续 at status 1: a message back to the engineer (openWorkOrder; the order goes back to processing). */
export function ContinueDialog({ order, reminders, onDone, onClose }: ActionDialogProps) {
  const [content, setContent] = useState('')
  const [error, setError] = useState('')
  const action = useRun(onDone)
  const confirm = () => {
    const refusal = continueError(content)
    setError(refusal ?? '')
    if (refusal) return
    if (!action.busy) void reminders?.ask()
    action.run(() => workOrderApi.open(order.id, content.trim(), ''), '提交成功')
  }
  return (
    <ActionFrame title='继续咨询' action={action} reminders={reminders} onConfirm={confirm} onClose={onClose}>
      <MessageArea
        label='继续咨询内容'
        value={content}
        onChange={(v) => {
          setContent(v)
          setError('')
        }}
      />
      <FieldError message={error} />
    </ActionFrame>
  )
}

/** 继续服务 after closing: a reason and a description (openWorkOrder; back to assigned). */
export function ReopenDialog({ order, reminders, onDone, onClose }: ActionDialogProps) {
  const [reason, setReason] = useState<string | null>(null)
  const [description, setDescription] = useState('')
  const [errors, setErrors] = useState<{ reason?: string; description?: string }>({})
  const action = useRun(onDone)
  const confirm = () => {
    const found = reopenErrors(reason ?? '', description, REOPEN_REASONS)
    setErrors(found)
    if (Object.keys(found).length) return
    if (!action.busy) void reminders?.ask()
    action.run(() => workOrderApi.open(order.id, description.trim(), reason as string), '提交成功')
  }
  return (
    <ActionFrame title='重开服务' action={action} reminders={reminders} onConfirm={confirm} onClose={onClose}>
      <View className='wo-dialog__text'>{REOPEN_NOTE}</View>
      <ChoiceGroup
        label='重开原因'
        variant='plain'
        options={REOPEN_REASONS.map((r) => ({ value: r, label: r }))}
        value={reason}
        onChange={(r) => {
          setReason(r)
          setErrors((e) => ({ ...e, reason: undefined }))
        }}
      />
      <FieldError message={errors.reason} />
      <MessageArea
        label='问题描述'
        value={description}
        onChange={(v) => {
          setDescription(v)
          setErrors((e) => ({ ...e, description: undefined }))
        }}
      />
      <FieldError message={errors.description} />
    </ActionFrame>
  )
}

/** 调整服务项目 on a maintenance order (openWorkOrder with serviceProject). */
export function AdjustServicesDialog({ order, onDone, onClose }: ActionDialogProps) {
  const items: ServiceProjectItem[] = adjustableServiceItems(order.serviceProject ?? [])
  const [typed, setTyped] = useState<Record<string, string>>(() =>
    typedFromRequest(order.serviceProject ?? []),
  )
  const [error, setError] = useState('')
  const action = useRun(onDone)
  const confirm = () => {
    const request = serviceRequest(items, typed)
    if (!hasServiceRequest(request)) return setError(WORK_ORDER_MSG.serviceProjectRequired)
    action.run(() => workOrderApi.open(order.id, '服务项目调整', '', request), '提交成功')
  }
  return (
    <ActionFrame title='调整服务项目' action={action} onConfirm={confirm} onClose={onClose}>
      <ServiceItems
        items={items}
        typed={typed}
        error={error}
        onChange={(code, value) => {
          setTyped((t) => ({ ...t, [code]: value }))
          setError('')
        }}
      />
    </ActionFrame>
  )
}

/** 产品详情: the order the work order is about. */
export function ProductDialog({ order, onClose }: { order: WorkOrderDetail; onClose(): void }) {
  const rows: [string, string][] = [
    ['问题分类', typeLabel(order.type)],
    ['订单编号', order.orderCode ?? '--'],
    ['产品版本', order.productVersion ?? '--'],
    ['服务年限', order.termYear ? `${order.termYear}年` : '--'],
    ['提交时间', formatBeijingTime(order.submitTime)],
  ]
  return (
    <Dialog title='产品详情' className='wo-dialog' onClose={onClose}>
      {rows.map(([label, value]) => (
        <View key={label} className='wo-detail__row'>
          <Text className='wo-detail__label'>{label}</Text>
          <Text className='wo-detail__value'>{value}</Text>
        </View>
      ))}
      <CloseButton onClose={onClose} />
    </Dialog>
  )
}

/** The one button of a dialog that only informs. */
export function CloseButton({ onClose, text = '关闭' }: { onClose(): void; text?: string }) {
  return (
    <View className='dialog-actions'>
      <View role='button' className='at-button at-button--normal at-button--primary' onClick={onClose}>
        <View className='at-button__text'>{text}</View>
      </View>
    </View>
  )
}
