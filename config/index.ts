import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import CompressionPlugin from 'compression-webpack-plugin'
import webpack from 'webpack'
import { defineConfig, type UserConfigExport } from '@tarojs/cli'
import { createSwcRegister } from '@tarojs/helper'
import { CompileHintsPlugin } from './compile-hints'
import { RoutePreloadsPlugin } from './route-preloads'
import devConfig from './dev'
import prodConfig from './prod'

// Taro compiles only config/ on load; the route table lives in src/ and is shared with the app, and
// what the H5 build swaps of Taro's own modules lives in taro-patches/ (its README).
const routingDir = path.resolve(__dirname, '..', 'src', 'core', 'routing')
const patchesDir = path.resolve(__dirname, '..', 'taro-patches')
createSwcRegister({ only: [(file: string) => file.startsWith(routingDir) || file.startsWith(patchesDir)] })
type RouteTable = typeof import('../src/core/routing/routes')
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { h5CustomRoutes }: RouteTable = require('../src/core/routing/routes')
type TaroPatches = typeof import('../taro-patches/h5-build')
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { patchTaroH5 }: TaroPatches = require('../taro-patches/h5-build')

const platform = process.env.TARO_ENV || 'h5'
// MC_DIST builds into another folder with its own webpack cache, so two checkouts' builds (or a
// build beside a running e2e server) never overwrite each other. Default: dist/.
const distRoot = process.env.MC_DIST || 'dist'

// Taro's loader generates the H5 entry in place of src/app.config.ts: the entry's imports have it as issuer.
const APP_ENTRY = path.resolve(__dirname, '..', 'src', 'app.config.ts')
const SHELL = path.resolve(__dirname, '..', 'src', 'features', 'shell', 'components', 'PageFrame.tsx')
// MC_BENCH_FLOOR=1 (measurement only, `npm run bench -- --floor`): every page is one element and the
// shell stays out of the entry, so the build is the stack's own start-up cost.
const BENCH_FLOOR = Boolean(process.env.MC_BENCH_FLOOR)
const BENCH_FLOOR_PAGE = path.resolve(__dirname, 'bench-floor-page.js')

// Text assets the production H5 build also writes as .br and .gz beside the original; the server
// sends the copy the browser accepts (server/http/static.ts, the same pattern). Files too small
// to gain (compressing to over 80 % of their size) keep only the original.
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/i
const compressedCopies = [
  {
    filename: '[path][base].br',
    algorithm: 'brotliCompress',
    compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
  },
  { filename: '[path][base].gz', algorithm: 'gzip', compressionOptions: { level: 9 } },
] as const

// Writes the compilation's stats as JSON (chunks with their modules and why each was included).
class StatsFilePlugin {
  constructor(private file: string) {}
  apply(compiler: { hooks: { done: { tap: (name: string, fn: (stats: StatsLike) => void) => void } } }) {
    compiler.hooks.done.tap('StatsFilePlugin', (stats) => {
      const json = stats.toJson({
        all: false,
        chunks: true,
        chunkModules: true,
        chunkOrigins: true,
        modules: true,
        nestedModules: true,
        reasons: true,
        ids: true,
        // A warm build cache marks every module cached; without this they are folded away.
        cachedModules: true,
        dependentModules: true,
        modulesSpace: Infinity,
        chunkModulesSpace: Infinity,
        nestedModulesSpace: Infinity,
      })
      fs.writeFileSync(this.file, JSON.stringify(json))
    })
  }
}
type StatsLike = { toJson: (options: object) => unknown }

// Sass deprecation noise from taro-ui would otherwise fill the log (and the dev overlay).
const sassLoaderOption = {
  sassOptions: { silenceDeprecations: ['legacy-js-api', 'mixed-decls'], quietDeps: true },
}

export default defineConfig<'webpack5'>(async (merge) => {
  const baseConfig: UserConfigExport<'webpack5'> = {
    projectName: 'member-centre',
    date: '2026-11-22',
    // Our own styles are written in real CSS px against a 375 px design; taro-ui's SCSS and
    // Taro.pxTransform calls without a file are 750-based. Taro copies this function's source
    // into the runtime, so it must stay self-contained.
    designWidth(input) {
      const file = (input && (input as { file?: string }).file) || ''
      if (!file || /node_modules/.test(file) || /taro-ui[^/\\]*\.scss$/.test(file)) return 750
      return 375
    },
    deviceRatio: { 375: 2, 640: 2.34 / 2, 750: 1, 828: 1.81 / 2 },
    sourceRoot: 'src',
    outputRoot: `${distRoot}/${platform}`,
    plugins: [],
    defineConstants: {},
    copy: { patterns: [], options: {} },
    framework: 'react',
    compiler: 'webpack5',
    // The mini-program build is never cached: after a change to a module several subpackages share,
    // its persistent cache kept a stale subpackage common chunk (a page then threw "reading 'call'" on
    // load). Uncached it takes ~40 s; H5 keeps its cache.
    cache: { enable: platform === 'h5', name: `${process.env.NODE_ENV}-${platform}-${distRoot}` },
    sass: {},
    // Taro's H5 minifier keeps every function name and quotes every object key (for ES3 engines);
    // the supported browsers (babel.config.js) need neither, and /login's JavaScript drops ~4 %.
    // MC_KEEP_FNAMES=1 (`npm run profile` only) keeps them, so renders are counted by component.
    ...(platform === 'h5'
      ? {
          terser: {
            enable: true,
            config: {
              keep_fnames: Boolean(process.env.MC_KEEP_FNAMES),
              ecma: 2020,
              output: { quote_keys: false },
            },
          },
        }
      : {}),
    mini: {
      sassLoaderOption,
      postcss: {
        pxtransform: { enable: true, config: {} },
        cssModules: { enable: false },
      },
      webpackChain(chain) {
        chain.resolve.alias.set('@', path.resolve(__dirname, '..', 'src'))
      },
    },
    h5: {
      // MC_HTML_COMPONENTS=1 (measurement only): Taro's React DOM components instead of Stencil's.
      useHtmlComponents: !!process.env.MC_HTML_COMPONENTS,
      publicPath: '/',
      staticDirectory: 'static',
      router: { mode: 'browser', customRoutes: h5CustomRoutes() },
      esnextModules: ['taro-ui'],
      sassLoaderOption,
      output: {
        filename: 'js/[name].[contenthash:8].js',
        chunkFilename: 'js/[name].[contenthash:8].js',
      },
      miniCssExtractPluginOption: {
        ignoreOrder: true,
        filename: 'css/[name].[contenthash:8].css',
        chunkFilename: 'css/[name].[contenthash:8].css',
      },
      postcss: {
        autoprefixer: { enable: true, config: {} },
        // With 'px' Taro has no rem script to inline, and src/index.html inlines none: the server's
        // CSP allows no inline script (server/http/security-headers.ts).
        // @ts-expect-error Taro 4.2.1's types reject 'px' although the plugin and runtime implement it.
        pxtransform: { enable: true, config: { targetUnit: 'px' } },
        cssModules: { enable: false },
      },
      webpackChain(chain) {
        chain.resolve.alias.set('@', path.resolve(__dirname, '..', 'src'))
        // Taro's components, router and component stylesheet as taro-patches/ replaces them (its README).
        patchTaroH5(chain, {
          appEntry: APP_ENTRY,
          htmlComponents: !!process.env.MC_HTML_COMPONENTS,
          production: process.env.NODE_ENV === 'production',
        })
        // Every page renders in PageFrame: the shell is part of the first load, requested beside
        // the entry by the page itself instead of by the router after the entry has run.
        if (!BENCH_FLOOR) chain.entry('app').add(SHELL)
        else
          chain.plugin('bench-floor').use(webpack.NormalModuleReplacementPlugin, [
            /\/pages\/[^!?]+\/index$/,
            (resource: { request: string; contextInfo?: { issuer?: string } }) => {
              if (resource.contextInfo?.issuer === APP_ENTRY) resource.request = BENCH_FLOOR_PAGE
            },
          ])
        // Sizes are budgeted by `npm run bench`, not by webpack's generic hints.
        chain.performance.hints(false)
        if (process.env.NODE_ENV === 'production') {
          // Every script is compiled off the main thread as it streams in (config/compile-hints.ts).
          chain.plugin('compile-hints').use(CompileHintsPlugin)
          // Each route's page chunks, for the server to preload with that route's HTML (config/route-preloads.ts).
          chain
            .plugin('route-preloads')
            .use(RoutePreloadsPlugin, [{ entry: APP_ENTRY, routes: h5CustomRoutes() }])
          for (const copy of compressedCopies) {
            chain
              .plugin(`compress-${path.extname(copy.filename).slice(1)}`)
              .use(CompressionPlugin, [{ ...copy, test: COMPRESSIBLE, threshold: 0, minRatio: 0.8 }])
          }
        }
        // MC_STATS=<file>: webpack's stats (chunks, modules, reasons) for finding what a page loads.
        if (process.env.MC_STATS) chain.plugin('stats-file').use(StatsFilePlugin, [process.env.MC_STATS])
        // MC_SOURCEMAP=1: source maps beside the bundles, for `npm run profile` (never for a deployment).
        if (process.env.MC_SOURCEMAP) chain.devtool('source-map')
        // Taro's default ('initial') copies shared code into every page chunk. Each file a page
        // loads costs its start-up a request and a script task on the main thread, so the entry's
        // libraries are one file and a page loads at most a few chunks of its own: a page chunk takes
        // back a module fewer pages share rather than load one more small chunk (docs/performance.md
        // "The router a task later, no navigation bar, fewer files").
        chain.optimization.splitChunks({
          chunks: 'all',
          maxAsyncRequests: 2,
          cacheGroups: {
            // initial only: a library a page imports on demand (qrcode, charts) keeps its own chunk,
            // and the @tarojs modules of one page's components stay with that page. Taro's runtime,
            // router and components are part of it (they were a `taro` chunk of their own).
            vendors: {
              name: 'vendors',
              test: /[\\/]node_modules[\\/]/,
              // Scripts only: the libraries' CSS stays in the entry's stylesheet, one request fewer.
              type: /^javascript\//,
              priority: 20,
              enforce: true,
              chunks: 'initial',
            },
            // Unnamed: shared code is split by which pages share it, so /login does not carry the console's.
            common: { minChunks: 2, priority: 10, reuseExistingChunk: true },
          },
        })
      },
      devServer: {
        port: 10086,
        historyApiFallback: true,
        proxy: [
          { context: ['/api', '/__dev', '/oapi'], target: 'http://127.0.0.1:8080', changeOrigin: true },
        ],
      },
    },
  }
  return merge({}, baseConfig, process.env.NODE_ENV === 'development' ? devConfig : prodConfig)
})
