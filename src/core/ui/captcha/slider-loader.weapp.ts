// The mini-program bundles the slider with the app (see slider-loader.d.ts).
export { SliderCaptcha } from './SliderCaptcha'
