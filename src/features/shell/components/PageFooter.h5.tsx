import { Text, View } from '@tarojs/components'
import type { MouseEvent } from 'react'
import { navigateTo } from '../../../core/routing/navigate'
import { COPYRIGHT, PRIVACY_POLICY_PATH } from '../rules'
import './footer.scss'

/** A plain click stays in the app; a modified click (new tab, new window) is the browser's. */
function openPrivacyPolicy(event: MouseEvent) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
  event.preventDefault()
  navigateTo(PRIVACY_POLICY_PATH)
}

/** The footer of every H5 page (doc2 §2 "Other"): the copyright and a real link to the privacy policy. */
export function PageFooter() {
  return (
    <View className='site-footer' role='contentinfo'>
      <Text>{COPYRIGHT}</Text>
      <Text className='site-footer__sep'>·</Text>
      <a className='site-footer__link' href={PRIVACY_POLICY_PATH} onClick={openPrivacyPolicy}>
        隐私政策
      </a>
    </View>
  )
}
