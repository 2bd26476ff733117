import { useCallback, useEffect, useRef, useState } from 'react'
import { wechatProof } from '../../../core/platform/wechat-binding'
import type { BindScene } from '../api'
import { isReverifyCancelled, runSensitive } from '../sensitive'

interface SceneStates<S> {
  loading: S
  /** The QR could not be had. */
  failed: S
  /** A QR on screen until `expiresIn` seconds from `now` (Infinity: the mini-program's own WeChat). */
  shown(expiresIn: number, now: number): S
}

/**
 * The QR scene of the bind and change dialogs (account-area §4): asked for on open and on refresh,
 * through the re-verification (a new way to log in is a sensitive change); closing that closes the
 * dialog. The mini-program proves its own WeChat and needs no QR. `isShown(code)` says whether a
 * poll answer is about the QR still on screen (not one refreshed meanwhile).
 */
export function useWechatScene<S>(
  request: () => Promise<BindScene>,
  states: SceneStates<S>,
  onCancelled: () => void,
) {
  const [scene, setScene] = useState<BindScene | null>(null)
  const [state, setState] = useState<S>(states.loading)
  const latest = useRef({ request, states, onCancelled })
  latest.current = { request, states, onCancelled }

  const refresh = useCallback(() => {
    const { request: ask, states: next, onCancelled: cancel } = latest.current
    if (wechatProof === 'login') return setState(next.shown(Infinity, 0))
    setState(next.loading)
    setScene(null)
    runSensitive(ask)
      .then((answer) => {
        setScene(answer)
        setState(next.shown(answer.expiresIn, Date.now()))
      })
      .catch((error) => (isReverifyCancelled(error) ? cancel() : setState(next.failed)))
  }, [])
  useEffect(refresh, [refresh])

  const shown = useRef<string | null>(null)
  shown.current = scene?.code ?? null
  const isShown = useCallback((code: string) => shown.current === code, [])

  return { scene, state, setState, refresh, isShown }
}
