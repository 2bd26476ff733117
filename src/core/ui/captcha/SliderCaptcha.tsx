import { Image, Text, View } from '@tarojs/components'
import { useCallback, useEffect, useState } from 'react'
import { SLIDER_MESSAGES } from '../../contract/captcha'
import { useHorizontalDrag } from '../../platform/drag'
import { Modal } from '../../platform/modal'
import { designPx, screenPxPerDesignPx } from '../../platform/env'
import { PageLoading } from '../PageLoading'
import { fetchSliderPuzzle, verifySliderPuzzle, type SliderPuzzle, type SolvedSlider } from './api'
import './slider-captcha.scss'

export const SLIDER_FAILED = SLIDER_MESSAGES.wrong
export const SLIDER_LOAD_FAILED = '获取图形验证码失败'

type State =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; puzzle: SliderPuzzle; offset: number; checking: boolean; wrong: boolean }

interface SliderCaptchaProps {
  open: boolean
  /** The phone the SMS will go to: the server binds the solved puzzle to it ('' = the session's). */
  phone: string
  /** A login not stored yet (security verification) proves itself with this token. */
  token?: string
  onSolved(solved: SolvedSlider): void
  onClose(): void
}

/** The slider captcha overlay that guards every SMS send (account-area §2, doc2 §2 Login). */
/** Every opening shows a new puzzle: puzzles are single use. */
export function SliderCaptcha({ open, phone, token, onSolved, onClose }: SliderCaptchaProps) {
  const [state, setState] = useState<State>({ status: 'loading' })

  const load = useCallback(() => {
    setState({ status: 'loading' })
    fetchSliderPuzzle()
      .then((puzzle) => setState({ status: 'ready', puzzle, offset: 0, checking: false, wrong: false }))
      .catch(() => setState({ status: 'failed' }))
  }, [])

  useEffect(() => {
    if (open) load()
  }, [open, load])

  const drag = useHorizontalDrag({
    onMove(dx) {
      setState((s) => {
        if (s.status !== 'ready' || s.checking) return s
        const max = s.puzzle.width - s.puzzle.pieceSize
        const offset = Math.min(max, Math.max(0, dx / screenPxPerDesignPx()))
        return { ...s, offset, wrong: false }
      })
    },
    onEnd() {
      if (state.status !== 'ready' || state.checking) return
      const { puzzle, offset } = state
      const captchaData = JSON.stringify({ x: Math.round(offset) })
      setState({ ...state, checking: true })
      verifySliderPuzzle({ id: puzzle.id, captchaData, phone }, token)
        .then(() => onSolved({ captchaId: puzzle.id, captchaData }))
        .catch(() => {
          // A puzzle is single use: a miss gets a new one.
          setState({ status: 'loading' })
          fetchSliderPuzzle()
            .then((next) =>
              setState({ status: 'ready', puzzle: next, offset: 0, checking: false, wrong: true }),
            )
            .catch(() => setState({ status: 'failed' }))
        })
    },
  })

  return (
    <Modal open={open} onMaskClick={onClose} className='slider-captcha' header='安全验证'>
      {/* Only while open: taro-ui's loading indicator stays clickable over the page otherwise. */}
      {open && state.status === 'loading' && <PageLoading />}
      {state.status === 'failed' && (
        <View className='slider-captcha__message' role='alert' onClick={load}>
          {SLIDER_LOAD_FAILED}，点击重试
        </View>
      )}
      {state.status === 'ready' && (
        <View className='slider-captcha__body'>
          <View
            className='slider-captcha__stage'
            style={{ width: designPx(state.puzzle.width), height: designPx(state.puzzle.height) }}
          >
            <Image
              className='slider-captcha__background'
              src={state.puzzle.backgroundImage}
              nativeProps={{ alt: '' }}
            />
            <Image
              className='slider-captcha__piece'
              src={state.puzzle.pieceImage}
              nativeProps={{ alt: '' }}
              style={{
                left: designPx(state.offset),
                top: designPx(state.puzzle.y),
                width: designPx(state.puzzle.pieceSize),
                height: designPx(state.puzzle.pieceSize),
              }}
            />
            <View className='slider-captcha__refresh' role='button' aria-label='换一张' onClick={load}>
              ↻
            </View>
          </View>
          <View className='slider-captcha__track' style={{ width: designPx(state.puzzle.width) }}>
            <Text className='slider-captcha__hint'>
              {state.wrong ? SLIDER_FAILED : state.checking ? '验证中...' : '向右拖动滑块完成拼图'}
            </Text>
            <View
              className='slider-captcha__handle'
              role='slider'
              aria-label='拖动滑块'
              aria-valuemin={0}
              aria-valuemax={state.puzzle.width - state.puzzle.pieceSize}
              aria-valuenow={Math.round(state.offset)}
              style={{ left: designPx(state.offset) }}
              {...drag}
            >
              →
            </View>
          </View>
        </View>
      )}
    </Modal>
  )
}
