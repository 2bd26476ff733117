// The share decision for the page being shown: the route table says which pages may be shared
// (shareable public pages); every other page hides the mini-program's 转发 as it mounts. No page
// registers onShareAppMessage, so nothing is shared with a page's private query either way.
import { useEffect } from 'react'
import { hideShareMenu } from '../platform/native-page'
import { shareAllowed, type RouteDef } from './routes'

export function usePageShare(route: RouteDef | undefined): void {
  const allowed = shareAllowed(route)
  useEffect(() => {
    if (!allowed) hideShareMenu()
  }, [allowed])
}
