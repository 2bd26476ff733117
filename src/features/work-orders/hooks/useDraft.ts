import { useEffect, useRef, useState } from 'react'
import { useSession } from '../../../core/session/store'
import { clearDraft, readDraft, writeDraft, type DraftOwner } from '../drafts'

/**
 * A form value kept as a draft: restored when the owner (member + account) is known, saved on each
 * change (synchronously: a reload right after typing keeps the last keystroke), removed by `discard()` (sent or 丢弃草稿). Until the profile has loaded the
 * owner is unknown and nothing is read or written.
 */
export function useDraft<T>(name: string, initial: T, isEmpty: (value: T) => boolean) {
  const memberId = useSession((s) => s.userinfo?.memberId)
  const accountId = useSession((s) => s.id)
  const owner: DraftOwner = { memberId, accountId }
  const [value, setValue] = useState<T>(initial)
  const [restored, setRestored] = useState(false)
  // The caller's test, read when it is needed: a new function each render is no new draft.
  const emptyTest = useRef(isEmpty)
  emptyTest.current = isEmpty
  const loadedFor = useRef('')
  // The render that restores a draft still holds the empty value: it must not clear what it restores.
  const skipSave = useRef(false)

  useEffect(() => {
    const ownerKey = `${memberId}:${accountId}:${name}`
    if (!memberId || loadedFor.current === ownerKey) return
    loadedFor.current = ownerKey
    skipSave.current = true
    const stored = readDraft<T>({ memberId, accountId }, name)
    if (stored && !emptyTest.current(stored)) {
      setValue(stored)
      setRestored(true)
    }
  }, [memberId, accountId, name])

  useEffect(() => {
    if (!memberId || loadedFor.current !== `${memberId}:${accountId}:${name}`) return
    if (skipSave.current) return void (skipSave.current = false)
    if (emptyTest.current(value)) clearDraft({ memberId, accountId }, name)
    else writeDraft({ memberId, accountId }, name, value)
  }, [value, memberId, accountId, name])

  const discard = (next: T = initial) => {
    clearDraft(owner, name)
    setRestored(false)
    setValue(next)
  }
  return { value, setValue, restored, discard }
}
