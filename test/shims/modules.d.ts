declare module '@tarojs/components-react/dist/components/view' {
  import type { ComponentType } from 'react'
  const View: ComponentType<Record<string, unknown>>
  export default View
}

declare module '@tarojs/plugin-framework-react/dist/runtime' {
  export function createH5NativeComponentConfig(component: unknown, react: unknown, reactDOM: unknown): void
  export const useDidShow: typeof import('@tarojs/taro').useDidShow
  export const useDidHide: typeof import('@tarojs/taro').useDidHide
  export const useLoad: typeof import('@tarojs/taro').useLoad
  export const useReady: typeof import('@tarojs/taro').useReady
  export const useRouter: typeof import('@tarojs/taro').useRouter
  export const useUnload: typeof import('@tarojs/taro').useUnload
  export const usePullDownRefresh: typeof import('@tarojs/taro').usePullDownRefresh
  export const useReachBottom: typeof import('@tarojs/taro').useReachBottom
}
