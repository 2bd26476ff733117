// SMS buttons ask for a solved slider through this store; the page frame's SliderHost shows it.
// One overlay per page, outside any dialog (a fixed overlay inside a transformed modal misplaces).
import { create } from 'zustand'
import type { SolvedSlider } from './api'

export interface SliderRequest {
  phone: string
  token?: string
  resolve(solved: SolvedSlider): void
  reject(reason: Error): void
}

export const useSliderRequest = create<{ request: SliderRequest | null }>()(() => ({ request: null }))

export class SliderCancelled extends Error {}

/** Opens the slider for `phone` ('' = the session's phone); resolves once solved, rejects if closed. */
export function solveSlider(phone: string, token?: string): Promise<SolvedSlider> {
  useSliderRequest.getState().request?.reject(new SliderCancelled('replaced'))
  return new Promise((resolve, reject) =>
    useSliderRequest.setState({ request: { phone, token, resolve, reject } }),
  )
}
