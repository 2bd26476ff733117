import { View } from '@tarojs/components'
import { useState } from 'react'
import { errorMessage } from '../http/api-error'
import { phoneError } from '../validation/rules'
import { puzzleRefused } from '../contract/captcha'
import type { SolvedSlider } from './captcha/api'
import { SliderCancelled, solveSlider } from './captcha/slider-request'
import { useCountdown } from './countdown'
import { SMS_RESEND_SECONDS, smsWaitKey, waitAfterRefusal } from './sms-wait'
import { toast } from './toast'
import './sms-code-button.scss'

export const SMS_SENT = '已发送'

export interface SmsCodeButtonProps {
  /** Where the code goes; '' with `skipPhoneCheck` = the session's bound phone. */
  phone: string
  send(slider: SolvedSlider): Promise<unknown>
  /** Shown next to the phone field when the phone is not valid yet. */
  onPhoneError?(message: string): void
  /** The form's own phone rule when its words differ (a new phone: 请输入新手机号); default phoneError. */
  checkPhone?(phone: string): string | null
  skipPhoneCheck?: boolean
  token?: string
  /** With `skipPhoneCheck`: the name its wait is kept under (a typed phone's wait is the phone's). */
  countdownKey?: string
}

/**
 * 获取验证码: a valid phone first, then the slider captcha, then the send; resend locked 60 s
 * with a visible countdown, kept per phone across reloads (./sms-wait). A send refused for its
 * puzzle (wrong, spent, expired) opens the slider again by itself with a new one (account-area §9
 * "the slider reloads"); closing it gives up. A send refused for the phone's wait (发送过于频繁)
 * counts down what the server says is left; any other refusal (an unregistered phone) is shown and
 * the button is ready again.
 */
export function SmsCodeButton({
  phone,
  send,
  onPhoneError,
  checkPhone = phoneError,
  skipPhoneCheck,
  token,
  countdownKey,
}: SmsCodeButtonProps) {
  const countdown = useCountdown(smsWaitKey(skipPhoneCheck ? null : phone, countdownKey))
  const [sending, setSending] = useState(false)
  const locked = countdown.running || sending

  const request = async () => {
    if (locked) return
    const error = skipPhoneCheck ? null : checkPhone(phone)
    if (error) return onPhoneError?.(error)
    for (;;) {
      let slider: SolvedSlider
      try {
        slider = await solveSlider(skipPhoneCheck ? '' : phone.trim(), token)
      } catch (reason) {
        if (reason instanceof SliderCancelled) return
        throw reason
      }
      setSending(true)
      try {
        await send(slider)
        toast.success(SMS_SENT)
        countdown.start(SMS_RESEND_SECONDS)
        return
      } catch (failure) {
        const message = errorMessage(failure, '发送失败，请重试')
        toast.error(message)
        const wait = waitAfterRefusal(failure)
        if (wait) return countdown.start(wait)
        // Only a refused puzzle is fixed by a new one; the send limit or an unregistered phone is not.
        if (!puzzleRefused(message)) return
      } finally {
        setSending(false)
      }
    }
  }

  return (
    <View
      className={`sms-code-button ${locked ? 'sms-code-button--locked' : ''}`}
      role='button'
      aria-disabled={locked}
      onClick={request}
    >
      {countdown.running ? `${countdown.secondsLeft}s后重新获取` : sending ? '发送中...' : '获取验证码'}
    </View>
  )
}
