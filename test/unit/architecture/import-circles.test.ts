// No circle of imports in src/ or server/, type imports included. ESLint's import/no-cycle skips
// `import type` (a type circle does not change load order), but a circle of types still ties two
// modules together: a change to either retypes the other, and neither can move alone.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const ROOT = path.resolve(__dirname, '../../..')
const SOURCE = /\.(ts|tsx)$/
/** `import … from './x'` and `export … from './x'`, type-only or not; relative paths only. */
const RELATIVE_IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full)
    return SOURCE.test(entry.name) ? [full] : []
  })
}

/** What TypeScript would load for `spec` from `file`: a platform adapter's import names its .d.ts. */
function resolved(file: string, spec: string, known: Set<string>): string | null {
  const base = path.resolve(path.dirname(file), spec)
  const candidates = [`${base}.ts`, `${base}.tsx`, `${base}.d.ts`, path.join(base, 'index.ts'), base]
  return candidates.find((candidate) => known.has(candidate)) ?? null
}

function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files)
  return new Map(
    files.map((file) => {
      const text = fs.readFileSync(file, 'utf8')
      const targets = [...text.matchAll(RELATIVE_IMPORT)]
        .map((match) => resolved(file, match[1], known))
        .filter((target): target is string => target !== null)
      return [file, [...new Set(targets)]]
    }),
  )
}

/** The strongly connected groups of more than one module (Tarjan), each sorted. */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  let next = 0
  const visit = (node: string) => {
    index.set(node, next)
    low.set(node, next++)
    stack.push(node)
    onStack.add(node)
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(node, Math.min(low.get(node)!, low.get(target)!))
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!))
    }
    if (low.get(node) !== index.get(node)) return
    const group: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      group.push(member)
    } while (member !== node)
    if (group.length > 1) found.push(group.sort())
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return found
}

const relative = (group: string[]) => group.map((file) => path.relative(ROOT, file))

it('finds a circle of type imports (the check can fail)', () => {
  const graph = new Map([
    ['/a.ts', ['/b.ts']],
    ['/b.ts', ['/c.ts']],
    ['/c.ts', ['/a.ts']],
    ['/d.ts', ['/a.ts']],
  ])
  expect(circles(graph)).toEqual([['/a.ts', '/b.ts', '/c.ts']])
})

it('reads type imports and re-exports as imports', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'circles-'))
  fs.writeFileSync(path.join(dir, 'a.ts'), "import type { B } from './b'\nexport type A = B\n")
  fs.writeFileSync(path.join(dir, 'b.ts'), "export type { A as B } from './a'\n")
  const found = circles(importGraph([path.join(dir, 'a.ts'), path.join(dir, 'b.ts')]))
  fs.rmSync(dir, { recursive: true, force: true })
  expect(found).toHaveLength(1)
})

it('src/ and server/ have no circle of imports, type imports included', () => {
  const graph = importGraph(['src', 'server'].flatMap((folder) => sourceFiles(path.join(ROOT, folder))))
  expect(graph.size).toBeGreaterThan(500)
  expect(circles(graph).map(relative)).toEqual([])
})
