import { Text, Textarea, View } from '@tarojs/components'
import { useState } from 'react'
import { FILE_TYPE, TEXT_MAX } from '../../../core/contract/work-orders'
import { Button } from '../../../core/ui/Button'
import { FieldError } from '../../../core/ui/FieldError'
import { toast } from '../../../core/ui/toast'
import { replyError } from '../../../core/validation/work-orders'
import { workOrderApi } from '../api'
import { replyDraftName } from '../drafts'
import { useDraft } from '../hooks/useDraft'
import { AttachmentField, type AttachedFile } from './AttachmentField'

interface ReplyDraft {
  content: string
  files: AttachedFile[]
}

const EMPTY: ReplyDraft = { content: '', files: [] }
const isEmpty = (d: ReplyDraft) => !d.content.trim() && !d.files.length

/** The reply box (status 0 and 2): 500 characters, attachments, kept as a draft until sent. */
export function ReplyBox({ workOrderId, onSent }: { workOrderId: number; onSent(): void }) {
  const draft = useDraft<ReplyDraft>(replyDraftName(workOrderId), EMPTY, isEmpty)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const { content, files } = draft.value

  const send = async () => {
    const refusal = replyError(content, files.length)
    setError(refusal ?? '')
    if (refusal) return
    setBusy(true)
    try {
      await workOrderApi.reply(
        workOrderId,
        content.trim(),
        files.map((f) => ({ fileId: f.fileId, type: FILE_TYPE.general })),
      )
      draft.discard()
      toast.success('发送成功')
      onSent()
    } catch {
      // The request wrapper showed the server's refusal; the draft stays.
    } finally {
      setBusy(false)
    }
  }

  return (
    <View className='wo-reply' role='form' aria-label='留言'>
      <View className='wo-field__area'>
        <Textarea
          name='reply'
          aria-label='留言内容'
          className='wo-textarea'
          value={content}
          maxlength={TEXT_MAX}
          placeholder='请输入留言内容'
          onInput={(e) => {
            draft.setValue({ ...draft.value, content: e.detail.value })
            setError('')
          }}
        />
        <Text className='wo-field__count'>
          {content.length}/{TEXT_MAX}
        </Text>
      </View>
      <AttachmentField
        label='附件'
        files={files}
        onChange={(next) => draft.setValue({ ...draft.value, files: next })}
      />
      <FieldError message={error} />
      <View className='wo-form__actions'>
        {draft.restored && (
          <Button size='small' onClick={() => draft.discard()}>
            丢弃草稿
          </Button>
        )}
        <Button type='primary' loading={busy} onClick={send}>
          发送
        </Button>
      </View>
    </View>
  )
}
