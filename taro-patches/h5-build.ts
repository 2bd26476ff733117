// Where the H5 build swaps Taro's own modules for the ones in this folder (README.md says what each
// replaces, why, the measurement and the test). config/index.ts calls this from its H5 webpackChain;
// the mini-program build uses none of it.
import path from 'node:path'
import MiniCssExtractPlugin from 'mini-css-extract-plugin'
import webpack from 'webpack'
import type Chain from 'webpack-chain'

const H5_COMPONENTS_DIR = path.resolve(__dirname, 'h5-components')
const H5_COMPONENTS = path.join(H5_COMPONENTS_DIR, 'index.js')
const H5_PULL_DOWN_REFRESH = path.join(H5_COMPONENTS_DIR, 'pull-down-refresh.js')
const H5_ROUTER = path.resolve(__dirname, 'h5-router.js')
const STRIP_WEUI_FONT = path.resolve(__dirname, 'strip-weui-font.js')

type Resource = { request: string; contextInfo?: { issuer?: string } }

export type TaroPatchOptions = {
  /** src/app.config.ts: Taro's loader generates the H5 entry in its place (the issuer of its imports). */
  appEntry: string
  /** Taro's React DOM components everywhere (`h5.useHtmlComponents`, measurement only). */
  htmlComponents: boolean
  production: boolean
}

/** Applies every replacement of README.md to the H5 webpack chain. */
export function patchTaroH5(chain: Chain, { appEntry, htmlComponents, production }: TaroPatchOptions) {
  /** Only the import `issuer` makes of `request` goes to `replacement`; every other module keeps Taro's. */
  const replaceImportOf = (name: string, request: RegExp, replacement: string) =>
    chain.plugin(name).use(webpack.NormalModuleReplacementPlugin, [
      request,
      (resource: Resource) => {
        if (resource.contextInfo?.issuer === appEntry) resource.request = replacement
      },
    ])

  // `@tarojs/components` is h5-components/index.js: the components no first screen needs load with
  // their pages (side-effect free, so an import links straight to the module re-exported).
  if (!htmlComponents)
    chain
      .plugin('h5-components')
      .use(webpack.NormalModuleReplacementPlugin, [/^@tarojs\/components$/, H5_COMPONENTS])
  chain.module.rule('h5-components').test(H5_COMPONENTS_DIR).set('sideEffects', false)

  // Taro's component stylesheet without the weui icon font.
  chain.module
    .rule('strip-weui-font')
    .test(/@tarojs[\\/]components[\\/]dist[\\/]taro-components[\\/]taro-components\.css$/)
    .pre()
    .use('strip-weui-font')
    .loader(STRIP_WEUI_FONT)

  // The entry mounts without Taro's navigation bar and starts the router a task later.
  replaceImportOf('h5-router', /^@tarojs\/router$/, H5_ROUTER)
  // The entry's start-up definition of the pull-down-refresh element, only when a page asks for it.
  replaceImportOf('h5-pull-down-refresh', /^@tarojs\/components\/dist\/components$/, H5_PULL_DOWN_REFRESH)

  // Taro injects its components' stylesheet from JavaScript (style-loader); extracted, it is part of
  // the entry's stylesheet, ahead of the app's rules so ours still override it.
  if (production) {
    const taroStyle = chain.module.rule('taroStyle')
    taroStyle.uses.clear()
    taroStyle.use('extract').loader(MiniCssExtractPlugin.loader)
  }
}
