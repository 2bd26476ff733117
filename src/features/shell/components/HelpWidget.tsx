import { Text, View } from '@tarojs/components'
import { memo, useState } from 'react'
import { PRODUCT_QR_URL } from '../../../core/config/help'
import { CustomerServiceEntry } from '../../../core/platform/customer-service'
import { escapeKeyProps } from '../../../core/platform/keyboard'
import { useIsDesktop } from '../../../core/platform/viewport'
import { QrCodeImage } from '../../../core/platform/wechat'
import { useSession } from '../../../core/session/store'
import './help-widget.scss'

export const HELP_TITLE = '帮助'
export const PRODUCT_QR_CAPTION = '扫码用手机访问'

function HelpContent() {
  const memberId = useSession((s) => s.userinfo?.memberId)
  return (
    <>
      <View className='help__qr'>
        <QrCodeImage value={PRODUCT_QR_URL} size={120} label='产品二维码' />
        <Text className='help__caption'>{PRODUCT_QR_CAPTION}</Text>
      </View>
      <CustomerServiceEntry memberId={memberId} className='help__service' />
    </>
  )
}

/**
 * The help widget of every console page (doc2 §2 "Other"): the product QR code and online customer
 * service (core/platform/customer-service). Desktop: a tab fixed on the right that expands beside
 * it; phones and the mini-program: a floating button opening a small sheet.
 */
export const HelpWidget = memo(function HelpWidget() {
  const desktop = useIsDesktop()
  const [open, setOpen] = useState(false)
  const close = () => setOpen(false)
  const toggle = () => setOpen(!open)
  if (desktop) {
    return (
      <View className='help help--side'>
        {open && (
          <View className='help__panel' role='dialog' aria-label={HELP_TITLE}>
            <HelpContent />
          </View>
        )}
        <View
          className='help__tab'
          role='button'
          aria-expanded={open}
          aria-label={HELP_TITLE}
          onClick={toggle}
          {...escapeKeyProps(close)}
        >
          <Text>{HELP_TITLE}</Text>
        </View>
      </View>
    )
  }
  return (
    <View className='help help--float'>
      <View
        className='help__fab'
        role='button'
        aria-expanded={open}
        aria-label={HELP_TITLE}
        onClick={toggle}
        {...escapeKeyProps(close)}
      >
        <Text>{HELP_TITLE}</Text>
      </View>
      {open && (
        <>
          <View className='help__mask' onClick={close} />
          <View className='help__sheet' role='dialog' aria-label={HELP_TITLE}>
            <View className='help__sheet-title'>{HELP_TITLE}</View>
            <HelpContent />
            <View className='help__close' role='button' onClick={close} {...escapeKeyProps(close)}>
              关闭
            </View>
          </View>
        </>
      )}
    </View>
  )
})
