import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { Button } from '../../../core/ui/Button'
import { WechatAsk } from '../../../core/wechat/WechatAsk'
import type { WechatReminders } from '../../../core/wechat/useWechatReminders'
import { FieldError } from '../../../core/ui/FieldError'
import { toast } from '../../../core/ui/toast'
import { useSubmit } from '../../../core/ui/useSubmit'
import { replyError } from '../../../core/validation/work-orders'
import { workOrderApi } from '../api'
import { replyDraftName } from '../drafts'
import { useDraft } from '../hooks/useDraft'
import { AttachmentField, type AttachedFile } from './AttachmentField'
import { CountedTextarea } from './CountedTextarea'

interface ReplyDraft {
  content: string
  files: AttachedFile[]
}

const EMPTY: ReplyDraft = { content: '', files: [] }
const isEmpty = (d: ReplyDraft) => !d.content.trim() && !d.files.length

/** The reply box (every status before closed): 500 characters, attachments, kept as a draft until sent. */
export function ReplyBox({
  workOrderId,
  note,
  reminders,
  onSent,
}: {
  workOrderId: number
  /** A line above the box, e.g. what a message does not do at this status. */
  note?: string
  /** WeChat reminders, asked for from the 发送 tap (never awaited: the reply goes on whatever the answer). */
  reminders?: WechatReminders
  onSent(): void
}) {
  const draft = useDraft<ReplyDraft>(replyDraftName(workOrderId), EMPTY, isEmpty)
  const [error, setError] = useState('')
  const sending = useSubmit()
  const { content, files } = draft.value

  const send = () => {
    const refusal = replyError(content, files.length)
    setError(refusal ?? '')
    if (refusal) return
    if (!sending.busy) void reminders?.ask()
    // A refusal shows under the box; the draft stays.
    void sending.run(async () => {
      await workOrderApi.reply({
        workOrderId,
        content: content.trim(),
        acWorkOrderFilePos: files.map((f) => ({ fileId: f.fileId })),
      })
      draft.discard()
      toast.success('发送成功')
      onSent()
    })
  }

  return (
    <View className='wo-reply' role='form' aria-label='留言'>
      {note && <Text className='wo-reply__note'>{note}</Text>}
      <CountedTextarea
        name='reply'
        label='留言内容'
        value={content}
        placeholder='请输入留言内容'
        onChange={(next) => {
          draft.setValue({ ...draft.value, content: next })
          setError('')
        }}
      />
      <AttachmentField
        label='附件'
        files={files}
        onChange={(next) => draft.setValue({ ...draft.value, files: next })}
      />
      <FieldError message={error || sending.failure} />
      <View className='wo-form__actions'>
        {draft.restored && (
          <Button size='small' onClick={() => draft.discard()}>
            丢弃草稿
          </Button>
        )}
        <WechatAsk reminders={reminders} label='发送' onTap={send}>
          <Button type='primary' loading={sending.busy} onClick={send}>
            发送
          </Button>
        </WechatAsk>
      </View>
    </View>
  )
}
