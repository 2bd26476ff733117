// What the H5 entry Taro generates (@tarojs/taro-loader's h5 entry) imports from `@tarojs/router`
// (h5-build.ts redirects that one import here; every other module keeps Taro's router). Two
// changes to the start-up, both measured in docs/performance.md ("The router a task later, …"):
// - the app mounts without Taro's navigation bar: a bar no page shows (it shows only for
//   `navigationStyle: 'default'`, which no page config sets), built with three SVGs by innerHTML and
//   a stylesheet injected at start. Its handler finds no bar and only sets document.title.
// - the router starts in a task of its own: evaluating the entry (React DOM, Taro's runtime) and
//   resolving the first route (the page's chunks requested, its first render) were one long task.
import { createRouter as createTaroRouter } from '@tarojs/router'

export { createBrowserHistory } from '@tarojs/router'

/** Taro's handleAppMount less the navigation bar: the app container, classed as Taro's styles expect. */
export function handleAppMount(config, _history, appId = config.appId || 'app') {
  let app = document.getElementById(appId)
  if (!app) {
    app = document.createElement('div')
    app.id = appId
    document.body.appendChild(app)
  }
  app.classList.add('taro_router')
}

/** Taro's createRouter, one task later. The entry ignores what it returns (history's unlisten). */
export function createRouter(history, app, config, framework) {
  setTimeout(() => createTaroRouter(history, app, config, framework))
}
