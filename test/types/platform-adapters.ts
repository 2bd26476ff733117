// Type checks, not tests: each platform adapter's H5 and weapp files export what its .d.ts
// contract promises (TypeScript resolves `./x` to x.d.ts, so without this an implementation could
// drift from its contract and only the build of that platform would notice). `npm run typecheck`
// fails on a mismatch.
import type * as customerService from '../../src/core/platform/customer-service'
import * as customerServiceH5 from '../../src/core/platform/customer-service.h5'
import * as customerServiceWeapp from '../../src/core/platform/customer-service.weapp'
import type * as dateField from '../../src/core/platform/date-field'
import * as dateFieldH5 from '../../src/core/platform/date-field.h5'
import * as dateFieldWeapp from '../../src/core/platform/date-field.weapp'
import type * as drag from '../../src/core/platform/drag'
import * as dragH5 from '../../src/core/platform/drag.h5'
import * as dragWeapp from '../../src/core/platform/drag.weapp'
import type * as env from '../../src/core/platform/env'
import * as envH5 from '../../src/core/platform/env.h5'
import * as envWeapp from '../../src/core/platform/env.weapp'
import type * as imagePreview from '../../src/core/platform/image-preview'
import * as imagePreviewH5 from '../../src/core/platform/image-preview.h5'
import * as imagePreviewWeapp from '../../src/core/platform/image-preview.weapp'
import type * as keyboard from '../../src/core/platform/keyboard'
import * as keyboardH5 from '../../src/core/platform/keyboard.h5'
import * as keyboardWeapp from '../../src/core/platform/keyboard.weapp'
import type * as lineChart from '../../src/core/platform/line-chart'
import * as lineChartH5 from '../../src/core/platform/line-chart.h5'
import * as lineChartWeapp from '../../src/core/platform/line-chart.weapp'
import type * as links from '../../src/core/platform/links'
import * as linksH5 from '../../src/core/platform/links.h5'
import * as linksWeapp from '../../src/core/platform/links.weapp'
import type * as tabChannel from '../../src/core/platform/tab-channel'
import * as tabChannelH5 from '../../src/core/platform/tab-channel.h5'
import * as tabChannelWeapp from '../../src/core/platform/tab-channel.weapp'
import type * as nativePage from '../../src/core/platform/native-page'
import * as nativePageH5 from '../../src/core/platform/native-page.h5'
import * as nativePageWeapp from '../../src/core/platform/native-page.weapp'
import type * as pay from '../../src/core/platform/pay'
import * as payH5 from '../../src/core/platform/pay.h5'
import * as payWeapp from '../../src/core/platform/pay.weapp'
import type * as revealScroll from '../../src/core/platform/reveal-scroll'
import * as revealScrollH5 from '../../src/core/platform/reveal-scroll.h5'
import * as revealScrollWeapp from '../../src/core/platform/reveal-scroll.weapp'
import type * as download from '../../src/core/platform/download'
import * as downloadH5 from '../../src/core/platform/download.h5'
import * as downloadWeapp from '../../src/core/platform/download.weapp'
import type * as subscribe from '../../src/core/platform/subscribe'
import * as subscribeH5 from '../../src/core/platform/subscribe.h5'
import * as subscribeWeapp from '../../src/core/platform/subscribe.weapp'
import type * as pdfFile from '../../src/core/platform/pdf-file'
import * as pdfFileH5 from '../../src/core/platform/pdf-file.h5'
import * as pdfFileWeapp from '../../src/core/platform/pdf-file.weapp'
import type * as saveImage from '../../src/core/platform/save-image'
import * as saveImageH5 from '../../src/core/platform/save-image.h5'
import * as saveImageWeapp from '../../src/core/platform/save-image.weapp'
import type * as randomBytes from '../../src/core/platform/random-bytes'
import * as randomBytesH5 from '../../src/core/platform/random-bytes.h5'
import * as randomBytesWeapp from '../../src/core/platform/random-bytes.weapp'
import type * as sessionStorage from '../../src/core/platform/session-storage'
import * as sessionStorageH5 from '../../src/core/platform/session-storage.h5'
import * as sessionStorageWeapp from '../../src/core/platform/session-storage.weapp'
import type * as upload from '../../src/core/platform/upload'
import * as uploadH5 from '../../src/core/platform/upload.h5'
import * as uploadWeapp from '../../src/core/platform/upload.weapp'
import type * as viewport from '../../src/core/platform/viewport'
import * as viewportH5 from '../../src/core/platform/viewport.h5'
import * as viewportWeapp from '../../src/core/platform/viewport.weapp'
import type * as dialogFocus from '../../src/core/platform/dialog-focus'
import * as dialogFocusH5 from '../../src/core/platform/dialog-focus.h5'
import * as dialogFocusWeapp from '../../src/core/platform/dialog-focus.weapp'
import type * as modal from '../../src/core/platform/modal'
import * as modalH5 from '../../src/core/platform/modal.h5'
import * as modalWeapp from '../../src/core/platform/modal.weapp'
import type * as visibility from '../../src/core/platform/visibility'
import * as visibilityH5 from '../../src/core/platform/visibility.h5'
import * as visibilityWeapp from '../../src/core/platform/visibility.weapp'
import type * as transport from '../../src/core/platform/transport'
import * as transportH5 from '../../src/core/platform/transport.h5'
import * as transportWeapp from '../../src/core/platform/transport.weapp'
import type * as wechatBinding from '../../src/core/platform/wechat-binding'
import * as wechatBindingH5 from '../../src/core/platform/wechat-binding.h5'
import * as wechatBindingWeapp from '../../src/core/platform/wechat-binding.weapp'
import type * as wechat from '../../src/core/platform/wechat'
import * as wechatH5 from '../../src/core/platform/wechat.h5'
import * as wechatWeapp from '../../src/core/platform/wechat.weapp'

customerServiceH5 satisfies typeof customerService
customerServiceWeapp satisfies typeof customerService
dateFieldH5 satisfies typeof dateField
dateFieldWeapp satisfies typeof dateField
dragH5 satisfies typeof drag
dragWeapp satisfies typeof drag
envH5 satisfies typeof env
envWeapp satisfies typeof env
imagePreviewH5 satisfies typeof imagePreview
imagePreviewWeapp satisfies typeof imagePreview
keyboardH5 satisfies typeof keyboard
keyboardWeapp satisfies typeof keyboard
lineChartH5 satisfies typeof lineChart
lineChartWeapp satisfies typeof lineChart
linksH5 satisfies typeof links
linksWeapp satisfies typeof links
nativePageH5 satisfies typeof nativePage
nativePageWeapp satisfies typeof nativePage
payH5 satisfies typeof pay
payWeapp satisfies typeof pay
revealScrollH5 satisfies typeof revealScroll
revealScrollWeapp satisfies typeof revealScroll
saveImageH5 satisfies typeof saveImage
saveImageWeapp satisfies typeof saveImage
randomBytesH5 satisfies typeof randomBytes
randomBytesWeapp satisfies typeof randomBytes
sessionStorageH5 satisfies typeof sessionStorage
sessionStorageWeapp satisfies typeof sessionStorage
uploadH5 satisfies typeof upload
downloadH5 satisfies typeof download
downloadWeapp satisfies typeof download
subscribeH5 satisfies typeof subscribe
subscribeWeapp satisfies typeof subscribe
pdfFileH5 satisfies typeof pdfFile
pdfFileWeapp satisfies typeof pdfFile
uploadWeapp satisfies typeof upload
viewportH5 satisfies typeof viewport
viewportWeapp satisfies typeof viewport
dialogFocusH5 satisfies typeof dialogFocus
dialogFocusWeapp satisfies typeof dialogFocus
modalH5 satisfies typeof modal
modalWeapp satisfies typeof modal
visibilityH5 satisfies typeof visibility
visibilityWeapp satisfies typeof visibility
transportH5 satisfies typeof transport
transportWeapp satisfies typeof transport
wechatBindingH5 satisfies typeof wechatBinding
wechatBindingWeapp satisfies typeof wechatBinding
wechatH5 satisfies typeof wechat
wechatWeapp satisfies typeof wechat

// The console's navigation is chosen the same way (features/shell/components, docs "Console navigation").
import type * as consoleNav from '../../src/features/shell/components/ConsoleNav'
import * as consoleNavH5 from '../../src/features/shell/components/ConsoleNav.h5'
import * as consoleNavWeapp from '../../src/features/shell/components/ConsoleNav.weapp'
import type * as pageFooter from '../../src/features/shell/components/PageFooter'
import * as pageFooterH5 from '../../src/features/shell/components/PageFooter.h5'
import * as pageFooterWeapp from '../../src/features/shell/components/PageFooter.weapp'

consoleNavH5 satisfies typeof consoleNav
consoleNavWeapp satisfies typeof consoleNav
pageFooterH5 satisfies typeof pageFooter
pageFooterWeapp satisfies typeof pageFooter
tabChannelH5 satisfies typeof tabChannel
tabChannelWeapp satisfies typeof tabChannel

// Code H5 fetches on first use and the mini-program bundles (docs "Platform adapters"): the weapp
// side re-exports the components its .d.ts names; the H5 side wraps each in core/ui `deferred`
// (React.lazy), a function component of the same props.
import type * as sliderLoader from '../../src/core/ui/captcha/slider-loader'
import * as sliderLoaderH5 from '../../src/core/ui/captcha/slider-loader.h5'
import * as sliderLoaderWeapp from '../../src/core/ui/captcha/slider-loader.weapp'
import type * as loginParts from '../../src/features/auth/components/deferred'
import * as loginPartsH5 from '../../src/features/auth/components/deferred.h5'
import * as loginPartsWeapp from '../../src/features/auth/components/deferred.weapp'
import type * as accountDialogs from '../../src/features/shell/components/deferred'
import * as accountDialogsH5 from '../../src/features/shell/components/deferred.h5'
import * as accountDialogsWeapp from '../../src/features/shell/components/deferred.weapp'
import type * as homeParts from '../../src/features/products/components/deferred'
import * as homePartsH5 from '../../src/features/products/components/deferred.h5'
import * as homePartsWeapp from '../../src/features/products/components/deferred.weapp'

sliderLoaderH5 satisfies typeof sliderLoader
sliderLoaderWeapp satisfies typeof sliderLoader
loginPartsH5 satisfies typeof loginParts
loginPartsWeapp satisfies typeof loginParts
accountDialogsH5 satisfies typeof accountDialogs
accountDialogsWeapp satisfies typeof accountDialogs
homePartsH5 satisfies typeof homeParts
homePartsWeapp satisfies typeof homeParts
