import Taro from '@tarojs/taro'

// A mini-program needs an absolute API origin; development default is the local server.
export const defaultApiBase = 'http://127.0.0.1:8080'
export const clientSource = 2

export function currentOrigin(): string | undefined {
  return undefined
}

// Our styles are 375-based and become rpx, so they scale with the screen width.
export function screenPxPerDesignPx(): number {
  return Taro.getWindowInfo().windowWidth / 375
}

// Inline styles skip the build's px -> rpx conversion: convert here (375 design -> 750 rpx).
export function designPx(value: number): string {
  return `${value * 2}rpx`
}
