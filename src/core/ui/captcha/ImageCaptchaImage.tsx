import { Image, Text, View } from '@tarojs/components'
import { CAPTCHA_LOAD_FAILED, type ImageCaptchaState } from './useImageCaptcha'
import './image-captcha.scss'

/** The captcha picture; a click loads a new one. */
export function ImageCaptchaImage({ state }: { state: ImageCaptchaState }) {
  return (
    <View className='image-captcha' role='button' aria-label='图形验证码，点击刷新' onClick={state.refresh}>
      {state.captcha && (
        <Image
          className='image-captcha__img'
          src={state.captcha.img}
          nativeProps={{ alt: '图形验证码' }}
          mode='aspectFit'
        />
      )}
      {!state.captcha && (
        <Text className='image-captcha__text'>{state.failed ? CAPTCHA_LOAD_FAILED : '加载中...'}</Text>
      )}
    </View>
  )
}
