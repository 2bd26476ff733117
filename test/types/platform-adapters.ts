// Written by `npx tsx test/types/write-platform-adapters.ts` from every x.d.ts under src/ with an
// x.h5 / x.weapp sibling (test/types/adapter-list.ts); do not edit by hand.
// Type checks, not tests: each platform adapter's H5 and weapp files export what its .d.ts contract
// promises (TypeScript resolves `./x` to x.d.ts, so without this an implementation could drift from
// its contract and only the build of that platform would notice). `npm run typecheck` fails on a
// mismatch. The deferred adapters (code H5 fetches on first use) meet their .d.ts too: core/ui
// `deferred` returns a plain function component of the same props.
import type * as corePlatformCustomerService from '../../src/core/platform/customer-service'
import * as corePlatformCustomerServiceH5 from '../../src/core/platform/customer-service.h5'
import * as corePlatformCustomerServiceWeapp from '../../src/core/platform/customer-service.weapp'
import type * as corePlatformDateField from '../../src/core/platform/date-field'
import * as corePlatformDateFieldH5 from '../../src/core/platform/date-field.h5'
import * as corePlatformDateFieldWeapp from '../../src/core/platform/date-field.weapp'
import type * as corePlatformDialogFocus from '../../src/core/platform/dialog-focus'
import * as corePlatformDialogFocusH5 from '../../src/core/platform/dialog-focus.h5'
import * as corePlatformDialogFocusWeapp from '../../src/core/platform/dialog-focus.weapp'
import type * as corePlatformDownload from '../../src/core/platform/download'
import * as corePlatformDownloadH5 from '../../src/core/platform/download.h5'
import * as corePlatformDownloadWeapp from '../../src/core/platform/download.weapp'
import type * as corePlatformDrag from '../../src/core/platform/drag'
import * as corePlatformDragH5 from '../../src/core/platform/drag.h5'
import * as corePlatformDragWeapp from '../../src/core/platform/drag.weapp'
import type * as corePlatformEnv from '../../src/core/platform/env'
import * as corePlatformEnvH5 from '../../src/core/platform/env.h5'
import * as corePlatformEnvWeapp from '../../src/core/platform/env.weapp'
import type * as corePlatformImagePreview from '../../src/core/platform/image-preview'
import * as corePlatformImagePreviewH5 from '../../src/core/platform/image-preview.h5'
import * as corePlatformImagePreviewWeapp from '../../src/core/platform/image-preview.weapp'
import type * as corePlatformKeyboard from '../../src/core/platform/keyboard'
import * as corePlatformKeyboardH5 from '../../src/core/platform/keyboard.h5'
import * as corePlatformKeyboardWeapp from '../../src/core/platform/keyboard.weapp'
import type * as corePlatformLineChart from '../../src/core/platform/line-chart'
import * as corePlatformLineChartH5 from '../../src/core/platform/line-chart.h5'
import * as corePlatformLineChartWeapp from '../../src/core/platform/line-chart.weapp'
import type * as corePlatformLinks from '../../src/core/platform/links'
import * as corePlatformLinksH5 from '../../src/core/platform/links.h5'
import * as corePlatformLinksWeapp from '../../src/core/platform/links.weapp'
import type * as corePlatformModal from '../../src/core/platform/modal'
import * as corePlatformModalH5 from '../../src/core/platform/modal.h5'
import * as corePlatformModalWeapp from '../../src/core/platform/modal.weapp'
import type * as corePlatformNativePage from '../../src/core/platform/native-page'
import * as corePlatformNativePageH5 from '../../src/core/platform/native-page.h5'
import * as corePlatformNativePageWeapp from '../../src/core/platform/native-page.weapp'
import type * as corePlatformRandomBytes from '../../src/core/platform/random-bytes'
import * as corePlatformRandomBytesH5 from '../../src/core/platform/random-bytes.h5'
import * as corePlatformRandomBytesWeapp from '../../src/core/platform/random-bytes.weapp'
import type * as corePlatformRevealScroll from '../../src/core/platform/reveal-scroll'
import * as corePlatformRevealScrollH5 from '../../src/core/platform/reveal-scroll.h5'
import * as corePlatformRevealScrollWeapp from '../../src/core/platform/reveal-scroll.weapp'
import type * as corePlatformSaveImage from '../../src/core/platform/save-image'
import * as corePlatformSaveImageH5 from '../../src/core/platform/save-image.h5'
import * as corePlatformSaveImageWeapp from '../../src/core/platform/save-image.weapp'
import type * as corePlatformSessionStorage from '../../src/core/platform/session-storage'
import * as corePlatformSessionStorageH5 from '../../src/core/platform/session-storage.h5'
import * as corePlatformSessionStorageWeapp from '../../src/core/platform/session-storage.weapp'
import type * as corePlatformSubscribe from '../../src/core/platform/subscribe'
import * as corePlatformSubscribeH5 from '../../src/core/platform/subscribe.h5'
import * as corePlatformSubscribeWeapp from '../../src/core/platform/subscribe.weapp'
import type * as corePlatformTabChannel from '../../src/core/platform/tab-channel'
import * as corePlatformTabChannelH5 from '../../src/core/platform/tab-channel.h5'
import * as corePlatformTabChannelWeapp from '../../src/core/platform/tab-channel.weapp'
import type * as corePlatformTransport from '../../src/core/platform/transport'
import * as corePlatformTransportH5 from '../../src/core/platform/transport.h5'
import * as corePlatformTransportWeapp from '../../src/core/platform/transport.weapp'
import type * as corePlatformUpload from '../../src/core/platform/upload'
import * as corePlatformUploadH5 from '../../src/core/platform/upload.h5'
import * as corePlatformUploadWeapp from '../../src/core/platform/upload.weapp'
import type * as corePlatformViewport from '../../src/core/platform/viewport'
import * as corePlatformViewportH5 from '../../src/core/platform/viewport.h5'
import * as corePlatformViewportWeapp from '../../src/core/platform/viewport.weapp'
import type * as corePlatformVisibility from '../../src/core/platform/visibility'
import * as corePlatformVisibilityH5 from '../../src/core/platform/visibility.h5'
import * as corePlatformVisibilityWeapp from '../../src/core/platform/visibility.weapp'
import type * as corePlatformWechat from '../../src/core/platform/wechat'
import * as corePlatformWechatH5 from '../../src/core/platform/wechat.h5'
import * as corePlatformWechatWeapp from '../../src/core/platform/wechat.weapp'
import type * as corePlatformWechatBinding from '../../src/core/platform/wechat-binding'
import * as corePlatformWechatBindingH5 from '../../src/core/platform/wechat-binding.h5'
import * as corePlatformWechatBindingWeapp from '../../src/core/platform/wechat-binding.weapp'
import type * as coreUiCaptchaSliderLoader from '../../src/core/ui/captcha/slider-loader'
import * as coreUiCaptchaSliderLoaderH5 from '../../src/core/ui/captcha/slider-loader.h5'
import * as coreUiCaptchaSliderLoaderWeapp from '../../src/core/ui/captcha/slider-loader.weapp'
import type * as featuresAuthComponentsDeferred from '../../src/features/auth/components/deferred'
import * as featuresAuthComponentsDeferredH5 from '../../src/features/auth/components/deferred.h5'
import * as featuresAuthComponentsDeferredWeapp from '../../src/features/auth/components/deferred.weapp'
import type * as featuresOrdersComponentsDeferred from '../../src/features/orders/components/deferred'
import * as featuresOrdersComponentsDeferredH5 from '../../src/features/orders/components/deferred.h5'
import * as featuresOrdersComponentsDeferredWeapp from '../../src/features/orders/components/deferred.weapp'
import type * as featuresPaymentsPay from '../../src/features/payments/pay'
import * as featuresPaymentsPayH5 from '../../src/features/payments/pay.h5'
import * as featuresPaymentsPayWeapp from '../../src/features/payments/pay.weapp'
import type * as featuresProductsComponentsDeferred from '../../src/features/products/components/deferred'
import * as featuresProductsComponentsDeferredH5 from '../../src/features/products/components/deferred.h5'
import * as featuresProductsComponentsDeferredWeapp from '../../src/features/products/components/deferred.weapp'
import type * as featuresShellComponentsConsoleNav from '../../src/features/shell/components/ConsoleNav'
import * as featuresShellComponentsConsoleNavH5 from '../../src/features/shell/components/ConsoleNav.h5'
import * as featuresShellComponentsConsoleNavWeapp from '../../src/features/shell/components/ConsoleNav.weapp'
import type * as featuresShellComponentsDeferred from '../../src/features/shell/components/deferred'
import * as featuresShellComponentsDeferredH5 from '../../src/features/shell/components/deferred.h5'
import * as featuresShellComponentsDeferredWeapp from '../../src/features/shell/components/deferred.weapp'
import type * as featuresShellComponentsPageFooter from '../../src/features/shell/components/PageFooter'
import * as featuresShellComponentsPageFooterH5 from '../../src/features/shell/components/PageFooter.h5'
import * as featuresShellComponentsPageFooterWeapp from '../../src/features/shell/components/PageFooter.weapp'

corePlatformCustomerServiceH5 satisfies typeof corePlatformCustomerService
corePlatformCustomerServiceWeapp satisfies typeof corePlatformCustomerService
corePlatformDateFieldH5 satisfies typeof corePlatformDateField
corePlatformDateFieldWeapp satisfies typeof corePlatformDateField
corePlatformDialogFocusH5 satisfies typeof corePlatformDialogFocus
corePlatformDialogFocusWeapp satisfies typeof corePlatformDialogFocus
corePlatformDownloadH5 satisfies typeof corePlatformDownload
corePlatformDownloadWeapp satisfies typeof corePlatformDownload
corePlatformDragH5 satisfies typeof corePlatformDrag
corePlatformDragWeapp satisfies typeof corePlatformDrag
corePlatformEnvH5 satisfies typeof corePlatformEnv
corePlatformEnvWeapp satisfies typeof corePlatformEnv
corePlatformImagePreviewH5 satisfies typeof corePlatformImagePreview
corePlatformImagePreviewWeapp satisfies typeof corePlatformImagePreview
corePlatformKeyboardH5 satisfies typeof corePlatformKeyboard
corePlatformKeyboardWeapp satisfies typeof corePlatformKeyboard
corePlatformLineChartH5 satisfies typeof corePlatformLineChart
corePlatformLineChartWeapp satisfies typeof corePlatformLineChart
corePlatformLinksH5 satisfies typeof corePlatformLinks
corePlatformLinksWeapp satisfies typeof corePlatformLinks
corePlatformModalH5 satisfies typeof corePlatformModal
corePlatformModalWeapp satisfies typeof corePlatformModal
corePlatformNativePageH5 satisfies typeof corePlatformNativePage
corePlatformNativePageWeapp satisfies typeof corePlatformNativePage
corePlatformRandomBytesH5 satisfies typeof corePlatformRandomBytes
corePlatformRandomBytesWeapp satisfies typeof corePlatformRandomBytes
corePlatformRevealScrollH5 satisfies typeof corePlatformRevealScroll
corePlatformRevealScrollWeapp satisfies typeof corePlatformRevealScroll
corePlatformSaveImageH5 satisfies typeof corePlatformSaveImage
corePlatformSaveImageWeapp satisfies typeof corePlatformSaveImage
corePlatformSessionStorageH5 satisfies typeof corePlatformSessionStorage
corePlatformSessionStorageWeapp satisfies typeof corePlatformSessionStorage
corePlatformSubscribeH5 satisfies typeof corePlatformSubscribe
corePlatformSubscribeWeapp satisfies typeof corePlatformSubscribe
corePlatformTabChannelH5 satisfies typeof corePlatformTabChannel
corePlatformTabChannelWeapp satisfies typeof corePlatformTabChannel
corePlatformTransportH5 satisfies typeof corePlatformTransport
corePlatformTransportWeapp satisfies typeof corePlatformTransport
corePlatformUploadH5 satisfies typeof corePlatformUpload
corePlatformUploadWeapp satisfies typeof corePlatformUpload
corePlatformViewportH5 satisfies typeof corePlatformViewport
corePlatformViewportWeapp satisfies typeof corePlatformViewport
corePlatformVisibilityH5 satisfies typeof corePlatformVisibility
corePlatformVisibilityWeapp satisfies typeof corePlatformVisibility
corePlatformWechatH5 satisfies typeof corePlatformWechat
corePlatformWechatWeapp satisfies typeof corePlatformWechat
corePlatformWechatBindingH5 satisfies typeof corePlatformWechatBinding
corePlatformWechatBindingWeapp satisfies typeof corePlatformWechatBinding
coreUiCaptchaSliderLoaderH5 satisfies typeof coreUiCaptchaSliderLoader
coreUiCaptchaSliderLoaderWeapp satisfies typeof coreUiCaptchaSliderLoader
featuresAuthComponentsDeferredH5 satisfies typeof featuresAuthComponentsDeferred
featuresAuthComponentsDeferredWeapp satisfies typeof featuresAuthComponentsDeferred
featuresOrdersComponentsDeferredH5 satisfies typeof featuresOrdersComponentsDeferred
featuresOrdersComponentsDeferredWeapp satisfies typeof featuresOrdersComponentsDeferred
featuresPaymentsPayH5 satisfies typeof featuresPaymentsPay
featuresPaymentsPayWeapp satisfies typeof featuresPaymentsPay
featuresProductsComponentsDeferredH5 satisfies typeof featuresProductsComponentsDeferred
featuresProductsComponentsDeferredWeapp satisfies typeof featuresProductsComponentsDeferred
featuresShellComponentsConsoleNavH5 satisfies typeof featuresShellComponentsConsoleNav
featuresShellComponentsConsoleNavWeapp satisfies typeof featuresShellComponentsConsoleNav
featuresShellComponentsDeferredH5 satisfies typeof featuresShellComponentsDeferred
featuresShellComponentsDeferredWeapp satisfies typeof featuresShellComponentsDeferred
featuresShellComponentsPageFooterH5 satisfies typeof featuresShellComponentsPageFooter
featuresShellComponentsPageFooterWeapp satisfies typeof featuresShellComponentsPageFooter
