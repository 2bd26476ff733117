// Toasts (spec §9): 1500 ms by default, error toasts 5 s, at most 5 shown at once.
import { create } from 'zustand'

export const TOAST_DURATION_MS = 1500
export const ERROR_TOAST_DURATION_MS = 5000
export const MAX_TOASTS = 5

export type ToastKind = 'info' | 'success' | 'error'

export interface Toast {
  id: number
  kind: ToastKind
  message: string
}

interface ToastState {
  toasts: Toast[]
  show(kind: ToastKind, message: string): void
  dismiss(id: number): void
}

let nextId = 1
/** Toasts whose time on screen is running. */
const counting = new Set<number>()

export const useToasts = create<ToastState>()((set) => ({
  toasts: [],
  show: (kind, message) => {
    const id = nextId++
    // The oldest toast makes room when a sixth arrives.
    set((state) => ({ toasts: [...state.toasts, { id, kind, message }].slice(-MAX_TOASTS) }))
  },
  dismiss: (id) => {
    counting.delete(id)
    set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) }))
  },
}))

/**
 * Starts a toast's time on screen; called by the host that shows it. A toast raised just before a
 * page change (登录成功, then the home) waits for the next page's host instead of running out while
 * that page loads.
 */
export function startToastCountdown({ id, kind }: Toast): void {
  if (counting.has(id)) return
  counting.add(id)
  const duration = kind === 'error' ? ERROR_TOAST_DURATION_MS : TOAST_DURATION_MS
  setTimeout(() => useToasts.getState().dismiss(id), duration)
}

export const toast = {
  info: (message: string) => useToasts.getState().show('info', message),
  success: (message: string) => useToasts.getState().show('success', message),
  error: (message: string) => useToasts.getState().show('error', message),
}
