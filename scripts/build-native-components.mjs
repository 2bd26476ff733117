// Builds the test entries under src/native/ as stand-alone WeChat custom components
// (`taro build native-components --type weapp`) into dist/weapp-components, never dist/weapp.
// test/weapp/*.test.mjs render them with miniprogram-simulate. Run: node scripts/build-native-components.mjs
//
// The Taro CLI has no output-folder option and config/index.ts writes to dist/<platform>, so this
// script starts the CLI's own kernel the way `taro build` does, with two overrides: the output
// folder and no webpack cache.
import { existsSync, readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const outputRoot = 'dist/weapp-components'
/** Entries, relative to src/ (each must be a folder with index.tsx under src/native/). */
const components = readdirSync(path.join(root, 'src', 'native'), { withFileTypes: true })
  .filter(
    (entry) => entry.isDirectory() && existsSync(path.join(root, 'src', 'native', entry.name, 'index.tsx')),
  )
  .map((entry) => `native/${entry.name}/index`)

const started = Date.now()
const fromCli = createRequire(createRequire(import.meta.url).resolve('@tarojs/cli/package.json'))
const { Config, Kernel } = fromCli('@tarojs/service')
const { dotenvParse, patchEnv } = fromCli('@tarojs/helper')
const cliDir = path.dirname(fromCli.resolve('@tarojs/cli/dist/cli.js'))

process.chdir(root)
process.env.TARO_ENV = 'weapp'
process.env.NODE_ENV ||= 'production'
process.env.MC_NATIVE_COMPONENTS = components.join(',')

const config = new Config({ appPath: root, disableGlobalConfig: true })
await config.init({ mode: process.env.NODE_ENV, command: 'build' })
const initialConfig = config.initialConfig
initialConfig.outputRoot = outputRoot
// Uncached, like the app's weapp build (config/index.ts: a stale subpackage chunk once survived there).
initialConfig.cache = { enable: false }
initialConfig.logger = { ...initialConfig.logger, quiet: true }
initialConfig.env = patchEnv(initialConfig, dotenvParse(root, undefined, process.env.NODE_ENV))

const kernel = new Kernel({
  appPath: root,
  presets: [path.join(cliDir, 'presets', 'index.js')],
  config,
  plugins: [],
})
kernel.optsPlugins = [
  path.join(cliDir, 'presets', 'commands', 'build.js'),
  '@tarojs/plugin-platform-weapp',
  '@tarojs/plugin-framework-react',
]
const args = { _: ['build', 'native-components'], type: 'weapp', build: true, check: true }
await kernel.run({
  name: 'build',
  opts: {
    _: args._,
    options: {
      type: 'weapp',
      platform: 'weapp',
      isWatch: false,
      isBuildNativeComp: true,
      newBlended: false,
      withoutBuild: false,
      noInjectGlobalStyle: false,
      noCheck: false,
      blended: false,
      args,
    },
    isHelp: false,
  },
})
for (const component of components) {
  if (!existsSync(path.join(root, outputRoot, `${component}.js`))) {
    throw new Error(`${outputRoot}/${component}.js was not built`)
  }
}
console.log(`built ${components.length} native components into ${outputRoot} in ${Date.now() - started} ms`)
