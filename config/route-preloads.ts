import webpack from 'webpack'

/**
 * The build's map from each route's URL to the scripts and stylesheets its page loads on arrival,
 * at the output's root. The server sends them with that URL's HTML as preloads
 * (server/http/route-preloads.ts), so the browser fetches the page's chunks beside the entry's
 * instead of after the entry has run and the router has asked for them.
 */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json'

export type RoutePreloads = Record<string, string[]>

const NAME = 'RoutePreloadsPlugin'
const PRELOADED = /\.(js|css)$/

export interface RoutePreloadsOptions {
  /** The module whose `import()`s load the pages: Taro's H5 entry, generated in place of app.config. */
  entry: string
  /** Page path (pages/login/index) → the URLs it is served at (h5CustomRoutes). */
  routes: Record<string, string[]>
}

function resourceOf(module: webpack.Module | null | undefined): string | undefined {
  return (module as webpack.NormalModule | null | undefined)?.resource?.split('?')[0]
}

/**
 * Writes ROUTE_PRELOADS_FILE once every asset has its final name (after the content hashes are
 * set). A route whose page no chunk loads fails the build: a missing preload would otherwise go
 * unnoticed.
 */
export class RoutePreloadsPlugin {
  constructor(private options: RoutePreloadsOptions) {}

  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: NAME, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const publicPath = String(compilation.outputOptions.publicPath)
          const filesByRequest = new Map<string, string[]>()
          for (const group of compilation.chunkGroups) {
            if (group.isInitial()) continue
            for (const origin of group.origins) {
              if (!origin.request || resourceOf(origin.module) !== this.options.entry) continue
              const files = group.chunks.flatMap((chunk) => [...chunk.files].filter((f) => PRELOADED.test(f)))
              filesByRequest.set(
                origin.request,
                files.map((file) => publicPath + file),
              )
            }
          }
          const preloads: RoutePreloads = {}
          for (const [page, urls] of Object.entries(this.options.routes)) {
            const files = filesByRequest.get(`./${page}`)
            if (!files) {
              compilation.errors.push(new webpack.WebpackError(`${NAME}: no chunk loads ${page}`))
              continue
            }
            for (const url of urls) preloads[url] = files
          }
          compilation.emitAsset(ROUTE_PRELOADS_FILE, new webpack.sources.RawSource(JSON.stringify(preloads)))
        },
      )
    })
  }
}
