import { deferred } from '../deferred'

// Fetched when the first SMS of the page asks for a slider (see slider-loader.d.ts).
export const SliderCaptcha = deferred(() =>
  import(/* webpackChunkName: "slider" */ './SliderCaptcha').then((m) => m.SliderCaptcha),
)
