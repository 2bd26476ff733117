// H5: no tap can ask for subscription messages. In WeChat's browser the official account's
// wx-open-subscribe tag asks instead: the 提醒 button is that tag (JS-SDK signed with the official
// account's jsapi_ticket, core/wechat/jssdk.ts); in other browsers there is nothing to ask.
import { createElement, useEffect, useRef, useState } from 'react'
import type { SubscribeAnswer } from '../contract/wechat-messages'
import { Button } from '../ui/Button'
import { readyForOpenTags } from '../wechat/jssdk.h5'
import {
  answersFromOpenTag,
  answersFromOpenTagError,
  openTagFailure,
  REMINDER_MSG,
  type KeptChoices,
} from '../wechat/rules'
import type { OpenSubscribeButtonProps } from './subscribe'

export const canSubscribe = false
export const openSubscribe = /MicroMessenger/i.test(navigator.userAgent)

export async function requestSubscribe(_templateIds: string[]): Promise<Record<string, SubscribeAnswer>> {
  return {}
}

export async function keptChoices(): Promise<KeptChoices | null> {
  return null
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

// WeChat draws the tag's content in a frame of its own: the page's styles do not reach it, so the
// button repeats the small Button's look (primary colour and radius of src/styles/_tokens.scss).
const tagTemplate = (label: string) => `<style>
.reminder { padding: 0 12px; height: 28px; border: 1px solid #1d5fd0; border-radius: 4px;
  background: #fff; color: #1d5fd0; font-size: 13px; }
</style><button class="reminder">${escapeHtml(label)}</button>`

// Over an action button: transparent and covering it, so the tap lands on the tag.
const overlayTemplate = '<div style="width: 100%; height: 200px"></div>'
const OVERLAY_STYLE = {
  position: 'absolute',
  inset: 0,
  overflow: 'hidden',
  opacity: 0,
  zIndex: 1,
  display: 'block',
} as const

export function OpenSubscribeButton({
  label,
  overlay = false,
  templateIds,
  onAnswers,
  onFailure,
}: OpenSubscribeButtonProps) {
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading')
  const tag = useRef<HTMLElement>(null)

  useEffect(() => {
    let live = true
    readyForOpenTags().then(
      () => live && setState('ready'),
      () => {
        if (!live) return
        setState('failed')
        onFailure(REMINDER_MSG.unavailable)
      },
    )
    return () => {
      live = false
    }
  }, [onFailure])

  useEffect(() => {
    const element = tag.current
    if (!element) return
    const detailOf = (event: Event) => (event as CustomEvent).detail
    const success = (event: Event) => onAnswers(answersFromOpenTag(templateIds, detailOf(event)))
    const error = (event: Event) => {
      onAnswers(answersFromOpenTagError(templateIds, detailOf(event)))
      onFailure(openTagFailure(detailOf(event)))
    }
    element.addEventListener('success', success)
    element.addEventListener('error', error)
    return () => {
      element.removeEventListener('success', success)
      element.removeEventListener('error', error)
    }
  }, [state, templateIds, onAnswers, onFailure])

  if (state === 'failed' || !templateIds.length) return null
  // Until the tag is ready the button under it acts alone (it asks nothing then).
  if (state === 'loading' && overlay) return null
  if (state === 'loading')
    return (
      <Button size='small' loading disabled>
        {label}
      </Button>
    )
  return createElement(
    'wx-open-subscribe',
    {
      ref: tag,
      template: templateIds.join(','),
      'aria-label': label,
      style: overlay ? OVERLAY_STYLE : undefined,
    },
    createElement('script', {
      type: 'text/wxtag-template',
      dangerouslySetInnerHTML: { __html: overlay ? overlayTemplate : tagTemplate(label) },
    }),
  )
}
