// The mini-program's page menu and scroll: private pages offer no 转发, lists load on reaching the bottom.
import Taro from '@tarojs/taro'

export function hideShareMenu(): void {
  // A refusal (an old base library) leaves the default menu, which offers no share without
  // onShareAppMessage anyway: nothing to report.
  void Promise.resolve(Taro.hideShareMenu({ menus: ['shareAppMessage', 'shareTimeline'] })).catch(
    () => undefined,
  )
}

export const reachBottomLoadsMore = true
