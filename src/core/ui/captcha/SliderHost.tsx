import { useEffect, useState } from 'react'
import { SliderCancelled, useSliderRequest } from './slider-request'
import { SliderCaptcha } from './slider-loader'

export function SliderHost() {
  const request = useSliderRequest((s) => s.request)
  // Mounted from the page's first request on (its code is fetched then), and kept for the rest.
  const [used, setUsed] = useState(false)
  useEffect(() => {
    if (request) setUsed(true)
  }, [request])
  const finish = () => useSliderRequest.setState({ request: null })
  if (!used && !request) return null
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
