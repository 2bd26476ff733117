// The H5 build writes route-preloads.json at the console's root (config/route-preloads.ts): for
// each route's URL, the scripts and stylesheets its page loads on arrival. Sent with that URL's
// HTML as a Link header, they are fetched beside the entry's scripts instead of after the entry
// has run and its router has asked for them.
import fs from 'node:fs'
import path from 'node:path'

export const ROUTE_PRELOADS_FILE = 'route-preloads.json'

const PRELOAD_AS: Record<string, string> = { '.js': 'script', '.css': 'style' }
/** The build's own asset paths (/js/651.a11ecffc.js): same origin, nothing a header could split on. */
const ASSET_PATH = /^\/[\w-][\w./-]*\.(js|css)$/

/** `</js/a.js>; rel=preload; as=script, …` for one route's files. */
function preloadLinkHeader(files: readonly string[]): string {
  return files.map((file) => `<${file}>; rel=preload; as=${PRELOAD_AS[path.extname(file)]}`).join(', ')
}

/**
 * URL path → Link header, read once at start-up. A build without the file (the development build)
 * preloads nothing; a file that is not the build's shape stops the server, as a broken build should.
 */
export function readRoutePreloads(staticDir: string): Map<string, string> {
  const file = path.join(staticDir, ROUTE_PRELOADS_FILE)
  if (!fs.existsSync(file)) return new Map()
  const broken = (why: string) => new Error(`${file} ${why}: rebuild the console (npm run build:h5)`)
  let routes: unknown
  try {
    routes = JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    throw broken('is not JSON')
  }
  const valid =
    routes !== null &&
    typeof routes === 'object' &&
    !Array.isArray(routes) &&
    Object.values(routes).every(
      (files) => Array.isArray(files) && files.every((f) => typeof f === 'string' && ASSET_PATH.test(f)),
    )
  if (!valid) throw broken("is not a map of route URLs to the build's .js and .css paths")
  return new Map(
    Object.entries(routes as Record<string, string[]>).map(([url, files]) => [url, preloadLinkHeader(files)]),
  )
}
