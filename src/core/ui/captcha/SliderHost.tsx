import { SliderCaptcha } from './SliderCaptcha'
import { SliderCancelled, useSliderRequest } from './slider-request'

export function SliderHost() {
  const request = useSliderRequest((s) => s.request)
  const finish = () => useSliderRequest.setState({ request: null })
  return (
    <SliderCaptcha
      open={Boolean(request)}
      phone={request?.phone ?? ''}
      token={request?.token}
      onSolved={(solved) => {
        request?.resolve(solved)
        finish()
      }}
      onClose={() => {
        request?.reject(new SliderCancelled('closed'))
        finish()
      }}
    />
  )
}
