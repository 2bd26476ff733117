// What the H5 entry Taro generates imports from '@tarojs/components/dist/components' (h5-build.ts).
// The entry defines the pull-down-refresh element before the app starts, and with it Stencil's
// runtime is evaluated on every load. Only a page with `enablePullDownRefresh` draws that element
// and no H5 page has it (core/routing/routes.ts sets it for the mini-program alone), so it is
// defined only when the app's config asks for it, from a chunk of its own (so neither the element
// nor Stencil's runtime is part of the first load).
export function defineCustomElementTaroPullToRefreshCore() {
  const config = window.__taroAppConfig ?? {}
  const wanted =
    config.window?.enablePullDownRefresh || (config.routes ?? []).some((route) => route.enablePullDownRefresh)
  if (!wanted) return Promise.resolve()
  return import('@tarojs/components/dist/components/taro-pull-to-refresh-core.js').then((element) =>
    element.defineCustomElement(),
  )
}
