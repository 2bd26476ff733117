// Size measurements shared by scripts/bench.mjs (report + budgets) and scripts/verify-weapp.mjs
// (WeChat package limits). Everything here reads finished dist folders; nothing builds.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

export const ROOT = path.resolve(import.meta.dirname, '..', '..')
export const KB = 1024
export const MB = 1024 * 1024

// WeChat's limits: main package 1.2 MB in this project (the platform allows 2 MB; we keep headroom),
// each subpackage 2 MB, the whole app 20 MB. Nothing offline enforces them, so we check them here.
export const WEAPP_LIMITS = { main: Math.floor(1.2 * MB), subPackage: 2 * MB, total: 20 * MB }

export const BUDGETS = {
  // JS a browser must download before /login can render (entry chunks + the page's own chunks), as
  // the server sends it to a browser accepting brotli (the build's .br copies). The first goal was
  // 100 KB; 81.4 KB on 2026-12-03, once Stencil's runtime left the first load (docs/performance.md
  // "Stencil's runtime off every first load"): it coming back (~14 KB) fails this.
  h5LoginJsSent: { route: '/login', limit: 88 * KB },
  // JS and CSS together, so weight moved from scripts to stylesheets (Taro's components' CSS is
  // extracted now) cannot hide growth: 84.4 KB on 2026-12-03.
  h5LoginAssetsSent: { route: '/login', limit: 91 * KB },
  // Tighter than WeChat's limits (WEAPP_LIMITS), so the pages still to come fit in their
  // own subpackages and the main package stays quick to download on first open.
  weappMain: { limit: 1 * MB },
  weappSubPackage: { limit: Math.floor(1.5 * MB) },
}

export function formatBytes(bytes) {
  if (bytes >= MB) return `${(bytes / MB).toFixed(2)} MB`
  return `${(bytes / KB).toFixed(1)} KB`
}

/** Every file under dir, as paths relative to dir with forward slashes. */
export function listFiles(dir) {
  const out = []
  const walk = (rel) => {
    for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name
      if (entry.isDirectory()) walk(child)
      else if (entry.isFile()) out.push(child)
    }
  }
  walk('')
  return out.sort()
}

/**
 * Bytes of one file: raw; gzip at zlib's default level 6 (what a server compressing on the fly
 * typically uses); and `br`, what our server sends a browser accepting brotli: the build's .br copy
 * when there is one (config/index.ts writes them), else the file itself.
 */
export function fileSizes(file) {
  const data = readFileSync(file)
  const copy = `${file}.br`
  return {
    raw: data.length,
    gzip: gzipSync(data).length,
    br: existsSync(copy) ? statSync(copy).size : data.length,
    brCopy: existsSync(copy),
  }
}

/**
 * weapp package sizes from dist/weapp/app.json: the main package is every file not under a subpackage
 * root. All files count (also *.LICENSE.txt, which the upload would skip): slightly conservative.
 */
export function weappPackageSizes(dir) {
  const appJson = JSON.parse(readFileSync(path.join(dir, 'app.json'), 'utf8'))
  const roots = (appJson.subPackages ?? appJson.subpackages ?? []).map((p) =>
    p.root.replace(/^\/+|\/+$/g, ''),
  )
  const main = { bytes: 0, files: 0 }
  const subPackages = roots.map((root) => ({ root, bytes: 0, files: 0 }))
  for (const file of listFiles(dir)) {
    const bytes = statSync(path.join(dir, file)).size
    const pkg = subPackages.find((p) => file.startsWith(`${p.root}/`)) ?? main
    pkg.bytes += bytes
    pkg.files += 1
  }
  const total = main.bytes + subPackages.reduce((sum, p) => sum + p.bytes, 0)
  return { main, subPackages, total }
}

/** The route table from src/core/routing/routes.ts (TypeScript, loaded through tsx). */
export async function loadRoutes() {
  const { tsImport } = await import('tsx/esm/api')
  return tsImport('../../src/core/routing/routes.ts', import.meta.url)
}

/**
 * What each H5 route needs to render: index.html's entry scripts and stylesheets plus the page's own
 * chunks, as the build lists them for the server to preload (route-preloads.json,
 * config/route-preloads.ts). Lazy imports inside a page are not counted: they load after it renders.
 */
export function h5RouteAssets(dir, routes) {
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8')
  const local = (url) => url.replace(/^(https?:)?\/\/[^/]+/, '').replace(/^\/+/, '')
  const entryJs = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => local(m[1]))
  const entryCss = [...html.matchAll(/<link[^>]*\shref="([^"]+\.css)"/g)].map((m) => local(m[1]))
  if (!entryJs.length) throw new Error(`${dir}/index.html has no <script src>`)
  const preloadsFile = path.join(dir, 'route-preloads.json')
  if (!existsSync(preloadsFile)) throw new Error(`no ${preloadsFile}: measure a production build`)
  const preloads = JSON.parse(readFileSync(preloadsFile, 'utf8'))

  const sum = (files, key) => files.reduce((total, f) => total + f[key], 0)
  const measure = (files) => files.map((file) => ({ file, ...fileSizes(path.join(dir, file)) }))
  const customRoutes = routes.h5CustomRoutes()

  return routes.ROUTES.map((route) => {
    const page = routes.pagePath(route)
    const pageFiles = preloads[route.path]
    if (!pageFiles) throw new Error(`${preloadsFile} has no entry for ${route.path}`)
    const missing = pageFiles.map(local).filter((file) => !existsSync(path.join(dir, file)))
    if (missing.length) throw new Error(`${page}: ${missing.join(', ')} missing in ${dir}`)
    const js = [...entryJs, ...pageFiles.map(local).filter((file) => file.endsWith('.js'))]
    const css = [...entryCss, ...pageFiles.map(local).filter((file) => file.endsWith('.css'))]
    const jsSizes = measure([...new Set(js)])
    const cssSizes = measure([...new Set(css)])
    return {
      path: route.path,
      urls: customRoutes[page] ?? [`/${page}`],
      page,
      js: jsSizes,
      css: cssSizes,
      jsRaw: sum(jsSizes, 'raw'),
      jsGzip: sum(jsSizes, 'gzip'),
      jsBr: sum(jsSizes, 'br'),
      cssRaw: sum(cssSizes, 'raw'),
      cssGzip: sum(cssSizes, 'gzip'),
      cssBr: sum(cssSizes, 'br'),
      /** The build wrote .br copies (a production build with compression-webpack-plugin). */
      compressed: [...jsSizes, ...cssSizes].some((f) => f.brCopy),
    }
  })
}

export function checkBudgets({ h5Routes, weapp }) {
  const login = h5Routes?.find((r) => r.path === BUDGETS.h5LoginJsSent.route)
  const results = [
    {
      name: `H5 JS sent for ${BUDGETS.h5LoginJsSent.route} (brotli)`,
      // Without the build's .br copies the server sends the raw files: that is what counts.
      value: login?.jsBr ?? null,
      limit: BUDGETS.h5LoginJsSent.limit,
    },
    {
      name: `H5 JS + CSS sent for ${BUDGETS.h5LoginAssetsSent.route} (brotli)`,
      value: login ? login.jsBr + login.cssBr : null,
      limit: BUDGETS.h5LoginAssetsSent.limit,
    },
    { name: 'weapp main package', value: weapp?.main.bytes ?? null, limit: BUDGETS.weappMain.limit },
    ...(weapp
      ? weapp.subPackages.map((p) => ({
          name: `weapp subpackage ${p.root}`,
          value: p.bytes,
          limit: BUDGETS.weappSubPackage.limit,
        }))
      : [{ name: 'weapp subpackages', value: null, limit: BUDGETS.weappSubPackage.limit }]),
  ]
  return results.map((r) => ({ ...r, ok: r.value !== null && r.value <= r.limit }))
}
