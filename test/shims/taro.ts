// @tarojs/taro for jsdom: the H5 API implementation plus the React runtime's hooks. Taro's build
// merges the named API exports into the default object (its api-loader); do the same here.
import * as React from 'react'
import * as ReactDOM from 'react-dom'
import * as runtime from '@tarojs/plugin-framework-react/dist/runtime'
import * as TaroH5 from '@tarojs/taro-h5'

runtime.createH5NativeComponentConfig(null, React, ReactDOM)
// The build calls this from config/index.ts; taro-ui's pxTransform calls need it.
TaroH5.initPxTransform({ designWidth: 750, deviceRatio: { 375: 2, 640: 2.34 / 2, 750: 1, 828: 1.81 / 2 } })

const Taro = Object.assign({}, TaroH5.default, TaroH5, {
  useDidShow: runtime.useDidShow,
  useDidHide: runtime.useDidHide,
  useLoad: runtime.useLoad,
  useReady: runtime.useReady,
  useRouter: runtime.useRouter,
  useUnload: runtime.useUnload,
  usePullDownRefresh: runtime.usePullDownRefresh,
  useReachBottom: runtime.useReachBottom,
})

export const {
  useDidShow,
  useDidHide,
  useLoad,
  useReady,
  useRouter,
  useUnload,
  usePullDownRefresh,
  useReachBottom,
} = runtime
export * from '@tarojs/taro-h5'
export default Taro
