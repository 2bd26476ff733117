import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { NOTIFY_CATEGORY_LABEL, type NotifyCategory } from '../../../core/contract/notifications'
import { ROBOT_MESSAGES, type RobotTestAnswer } from '../../../core/contract/robots'
import { Button } from '../../../core/ui/Button'
import { ConfirmDialog } from '../../../core/ui/ConfirmDialog'
import { FieldError } from '../../../core/ui/FieldError'
import { LoadFailed } from '../../../core/ui/ResourceStatus'
import { toast } from '../../../core/ui/toast'
import { useResource } from '../../../core/ui/useResource'
import { useSubmit } from '../../../core/ui/useSubmit'
import { robotsApi } from '../robots-api'
import { deleteRobotQuestion, robotRows, robotSummary, type RobotRow } from '../robot-rules'
import { GroupRobotDialog } from './GroupRobotDialog'
import './group-robots.scss'

/**
 * 群机器人 in 消息接收管理: per category, the WeCom, DingTalk or Feishu group robot its notices are
 * also posted to (platform and masked address), with 设置 / 修改, 删除 (confirmed) and 发送测试,
 * whose answer is the robot's own. A list of rows that wraps on phones and in the mini-program.
 */
export function GroupRobotsSection() {
  const robots = useResource(robotsApi.list, [])
  const [editing, setEditing] = useState<RobotRow | null>(null)
  const [deleting, setDeleting] = useState<NotifyCategory | null>(null)
  const [answers, setAnswers] = useState<Partial<Record<NotifyCategory, RobotTestAnswer>>>({})
  const action = useSubmit({ fallback: '操作失败，请重试' })

  const body = () => {
    if (robots.status === 'error') return <LoadFailed message={robots.error} onRetry={robots.retry} />
    if (!robots.data) return <Text className='group-robots__note'>加载中...</Text>
    const rows = robotRows(robots.data)
    return (
      <>
        {!robots.data.length && <Text className='group-robots__note'>尚未设置群机器人</Text>}
        <View className='group-robots__list'>
          {rows.map((row) => (
            <RobotLine
              key={row.category}
              row={row}
              answer={answers[row.category]}
              busy={action.busy}
              onEdit={() => setEditing(row)}
              onDelete={() => setDeleting(row.category)}
              onTest={() => void sendTest(row.category)}
            />
          ))}
        </View>
        <FieldError message={action.failure} />
      </>
    )
  }

  const sendTest = (category: NotifyCategory) =>
    action.run(async () => {
      const answer = await robotsApi.test(category)
      setAnswers((current) => ({ ...current, [category]: answer }))
    })

  const remove = async (category: NotifyCategory) => {
    setDeleting(null)
    const done = await action.run(() => robotsApi.remove(category))
    if (!done) return
    toast.success(ROBOT_MESSAGES.deleted)
    setAnswers((current) => ({ ...current, [category]: undefined }))
    await robots.reload()
  }

  return (
    <View className='group-robots' aria-label='群机器人设置'>
      <Text className='group-robots__title'>群机器人</Text>
      <Text className='group-robots__note'>该类通知同时发送到企业微信、钉钉或飞书群（每类一个机器人）</Text>
      {body()}
      {editing && (
        <GroupRobotDialog
          category={editing.category}
          current={editing.robot}
          onSaved={() => {
            setEditing(null)
            void robots.reload()
          }}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title='删除群机器人'
        message={deleting ? deleteRobotQuestion(deleting) : ''}
        confirmText='删除'
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </View>
  )
}

interface RobotLineProps {
  row: RobotRow
  answer: RobotTestAnswer | undefined
  busy: boolean
  onEdit(): void
  onDelete(): void
  onTest(): void
}

/** One category: its robot (or 未设置), its actions, and the last 发送测试's answer. */
function RobotLine({ row, answer, busy, onEdit, onDelete, onTest }: RobotLineProps) {
  const label = NOTIFY_CATEGORY_LABEL[row.category]
  return (
    <View role='group' aria-label={`群机器人 · ${label}`} className='group-robot'>
      <Text className='group-robot__category'>{label}</Text>
      <Text className={`group-robot__summary${row.robot ? '' : ' group-robot__summary--none'}`}>
        {robotSummary(row.robot)}
      </Text>
      <View className='group-robot__actions'>
        <Button size='small' onClick={onEdit}>
          {row.robot ? '修改' : '设置'}
        </Button>
        {row.robot && (
          <>
            <Button size='small' disabled={busy} onClick={onTest}>
              发送测试
            </Button>
            <Button size='small' disabled={busy} onClick={onDelete}>
              删除
            </Button>
          </>
        )}
      </View>
      {answer && (
        <View
          role='status'
          className={`group-robot__answer${answer.ok ? '' : ' group-robot__answer--failed'}`}
        >
          {`测试结果：${answer.message}`}
        </View>
      )}
    </View>
  )
}
