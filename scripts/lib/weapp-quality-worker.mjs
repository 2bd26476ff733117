// Child process for verify-weapp: miniprogram-ci's checkCodeQuality (WeChat's 代码质量 scan, the one
// the upload dialog runs) on a weapp project, offline. Its own process for the same reasons as
// weapp-ci-worker.mjs (open handles, hex-named folders in its cwd).
// Usage: node weapp-quality-worker.mjs <projectPath> <resultFile>;
// writes {ok, items: [{name, success, text, detail}]} or {ok:false, error}.
import { writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const [projectPath, resultFile] = process.argv.slice(2)
const ci = createRequire(import.meta.url)('miniprogram-ci')
ci.proxy('http://127.0.0.1:9')

let result
try {
  const project = new ci.Project({
    appid: process.env.TARO_APP_ID || 'touristappid',
    type: 'miniProgram',
    projectPath,
    privateKey: 'offline-check',
  })
  project.attr = async () => ci.DefaultProjectAttr
  const items = await ci.checkCodeQuality(project)
  result = {
    ok: true,
    items: items.map(({ name, success, text, detail }) => ({ name, success, text, detail })),
  }
} catch (error) {
  result = {
    ok: false,
    error: String(error?.message ?? error)
      .split('\n')
      .slice(0, 12)
      .join('\n'),
  }
}
writeFileSync(resultFile, JSON.stringify(result))
process.exit(0)
