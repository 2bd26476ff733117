// Styles stay scoped to their component: every class block (BEM `block`, before `__` / `--`) that a
// stylesheet anchors a rule on belongs to one owner (a feature, a core folder, a page), and no
// feature's markup uses a block another feature's stylesheet defines. Two features sharing a name
// means one's rules silently style the other (the account switch dialog once took the login-mask
// toggle's 44 px). taro-ui's own `at-` classes are overridden by design and left out.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import * as sass from 'sass'

const root = path.resolve(import.meta.dirname, '..')
const src = path.join(root, 'src')
const files = (ext) =>
  readdirSync(src, { recursive: true })
    .filter((file) => file.endsWith(ext))
    .map((file) => path.join(src, file))

/** features/auth, core/ui, pages/login, notices/pages … : the folder that owns a file. */
function ownerOf(file) {
  const parts = path.relative(src, file).split(path.sep)
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0]
}
const blockOf = (className) => className.split(/__|--/)[0]
const shared = (block) => block.startsWith('at-') || block.startsWith('taro')

const anchors = new Map() // block -> Set(owner) of stylesheets whose rules start with it
for (const file of files('.scss')) {
  // The taro-ui import shim is compiled by the build with its own rules (stack notes).
  if (file.endsWith(path.join('styles', 'taro-ui.scss'))) continue
  const { css } = sass.compile(file, {
    loadPaths: [path.join(root, 'node_modules')],
    logger: sass.Logger.silent,
  })
  const selectors = css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/@media[^{]*\{/g, '')
    .matchAll(/([^{}]+)\{/g)
  for (const [, list] of selectors)
    for (const selector of list.split(',')) {
      const first = selector.match(/\.([A-Za-z_][\w-]*)/)
      if (!first || shared(first[1])) continue
      const block = blockOf(first[1])
      if (!anchors.has(block)) anchors.set(block, new Set())
      anchors.get(block).add(ownerOf(file))
    }
}

const problems = []
for (const [block, owners] of anchors)
  if (owners.size > 1) problems.push(`.${block} is styled by ${[...owners].join(' and ')}`)

for (const file of files('.tsx')) {
  const owner = ownerOf(file)
  if (!owner.startsWith('features/')) continue
  const text = readFileSync(file, 'utf8')
  for (const [, literal] of text.matchAll(/className=\{?[`'"]([^`'"]+)[`'"]/g))
    for (const className of literal
      .replace(/\$\{[^}]*\}/g, ' ')
      .split(/\s+/)
      .filter(Boolean)) {
      const owners = anchors.get(blockOf(className))
      const foreign = owners && [...owners].filter((o) => o.startsWith('features/') && o !== owner)
      if (foreign?.length)
        problems.push(`${path.relative(root, file)} uses .${className}, styled by ${foreign.join(', ')}`)
    }
}

const unique = [...new Set(problems)]
for (const problem of unique) console.error(problem)
console.log(unique.length ? `${unique.length} style collisions` : 'no style collisions')
process.exit(unique.length ? 1 : 0)
