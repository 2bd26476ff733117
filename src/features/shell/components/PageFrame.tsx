import { View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { currentDestination } from '../../../core/routing/navigate'
import { findRoute } from '../../../core/routing/routes'
import { usePageShare } from '../../../core/routing/usePageShare'
import { useSession } from '../../../core/session/store'
import { useSwitchQuestion } from '../../../core/session/useSwitchQuestion'
import { SliderHost } from '../../../core/ui/captcha/SliderHost'
import { PageLoading } from '../../../core/ui/PageLoading'
import { usePageShown } from '../../../core/ui/usePageShown'
import { ToastHost } from '../../../core/ui/ToastHost'
import { useIdleLogout } from '../hooks/useIdleLogout'
import { useRouteGuard } from '../hooks/useRouteGuard'

/**
 * Wraps every page: runs the guard (and asks before an entry link switches identity), tracks clicks
 * for the idle logout, hosts the toasts and the slider captcha. Children render only once the guard
 * allows the page; before that the page shows that it loads only while the guard waits for an
 * answer. Only the page on top hosts the slider: every page of the stack stays mounted, and each
 * would load its own puzzle.
 */
export function PageFrame({ children }: { children: ReactNode }) {
  const switchQuestion = useSwitchQuestion()
  const guard = useRouteGuard(switchQuestion.ask)
  const route = findRoute(currentDestination().path)
  useIdleLogout(Boolean(route?.idleExempt))
  usePageShare(route)
  const shown = usePageShown()
  const touch = () => useSession.getState().touch()
  return (
    <View className='page-frame' onClick={touch}>
      {guard.allowed ? children : guard.waiting && <PageLoading />}
      {shown && <SliderHost />}
      {switchQuestion.dialog}
      <ToastHost />
    </View>
  )
}
