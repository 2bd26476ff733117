// The slider overlay, first needed when an SMS is asked for: H5 fetches its code then
// (slider-loader.h5.tsx, keeping it out of every page's first load); the mini-program bundles it.
export { SliderCaptcha } from './SliderCaptcha'
