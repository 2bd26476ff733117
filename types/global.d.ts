/// <reference types="@tarojs/taro" />

declare module '*.png'
declare module '*.svg'
declare module '*.scss'

declare namespace NodeJS {
  interface ProcessEnv {
    NODE_ENV: 'development' | 'production' | 'test'
    TARO_ENV: 'weapp' | 'h5'
    TARO_APP_ID?: string
    /** API origin for the app; empty on H5 (same origin as the page). */
    TARO_APP_API_BASE?: string
    TARO_APP_PASSWORD_KEY?: string
    TARO_APP_SWITCH_SIGN_PREFIX?: string
  }
}
