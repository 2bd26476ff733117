// The one page of the stack-floor build (MC_BENCH_FLOOR=1, measurement only): every route renders
// this single element, so `npm run bench -- --floor` measures what Taro's H5 runtime and router, React
// DOM, src/app.ts and the console's stylesheet cost before any console code runs.
import { createElement } from 'react'

export default function StackFloorPage() {
  return createElement('main', { className: 'card' }, createElement('h1', null, '会员中心'))
}
