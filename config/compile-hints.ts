import webpack from 'webpack'

// V8 (Chrome 136 and later, and Chromium-based in-app browsers as recent) compiles every function
// of a script that opens with this comment eagerly, on the thread that streams the script in.
// Without it each function is parsed again and compiled on the main thread the first time it is
// called: a third of a first screen's main-thread work at a phone's speed (docs/performance.md
// "Compile hints on cold loads"). Other engines read a comment.
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'

const NAME = 'CompileHintsPlugin'

/**
 * Puts V8's compile hint at the head of every JavaScript file, after the minifier (which would drop
 * the comment) and before the compressed copies and content hashes are made; a source map keeps
 * pointing at the right lines.
 */
export class CompileHintsPlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: NAME, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        (assets) => {
          for (const file of Object.keys(assets)) {
            if (!file.endsWith('.js')) continue
            compilation.updateAsset(file, (source) => new webpack.sources.ConcatSource(COMPILE_HINT, source))
          }
        },
      )
    })
  }
}
