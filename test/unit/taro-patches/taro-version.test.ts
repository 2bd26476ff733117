// taro-patches/README.md says which Taro versions its replacements were checked against. An upgrade
// of Taro must be read against that list (the internals replaced, the files imported past a package's
// entry), so these tests fail until the README's line is changed with it.
import fs from 'node:fs'
import path from 'node:path'

const ROOT = path.resolve(__dirname, '../../..')
const PATCHES = path.join(ROOT, 'taro-patches')
const readme = fs.readFileSync(path.join(PATCHES, 'README.md'), 'utf8')

/** The paragraph `Checked against: @tarojs/components 4.2.1, …` -> [['@tarojs/components', '4.2.1'], …] */
function checkedVersions(text: string): Array<[string, string]> {
  const paragraph = text.split(/\n\s*\n/).find((p) => p.startsWith('Checked against:')) ?? ''
  return [...paragraph.matchAll(/(@tarojs\/[\w-]+) (\d+\.\d+\.\d+[^,\s]*)/g)].map(([, name, version]) => [
    name,
    version,
  ])
}
const installed = (name: string) =>
  (
    JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as {
      version: string
    }
  ).version

/** Every `@tarojs/<package>/<file>` the patches import or require. */
function deepImports(): string[] {
  const files = (fs.readdirSync(PATCHES, { recursive: true }) as string[]).filter((f) => /\.(js|ts)$/.test(f))
  const found = files.flatMap((file) => [
    ...fs
      .readFileSync(path.join(PATCHES, file), 'utf8')
      .replace(/^\s*\/\/.*$/gm, '')
      .matchAll(/(?:from |require\(|import\()'(@tarojs\/[\w-]+\/[^']+)'/g),
  ])
  return [...new Set(found.map(([, specifier]) => specifier))].sort()
}

describe('taro-patches/README.md', () => {
  const versions = checkedVersions(readme)

  it('names the @tarojs/components version it was checked against', () => {
    expect(versions.map(([name]) => name)).toContain('@tarojs/components')
  })

  it.each(versions)('was checked against the installed %s (%s)', (name, version) => {
    expect(`${name} ${installed(name)}`).toBe(`${name} ${version}`)
  })

  it('lists every Taro file the patches import past a package entry, and each still exists', () => {
    const imports = deepImports()
    expect(imports).toEqual(
      expect.arrayContaining([
        '@tarojs/components/lib/react/components.js',
        '@tarojs/components-react/dist/components/input/index.js',
      ]),
    )
    for (const specifier of imports) {
      const file = specifier.replace(/^@tarojs\/[\w-]+\//, '')
      const listed =
        readme.includes(file) || (!file.endsWith('index.js') && readme.includes(path.basename(file)))
      expect({ specifier, listed }).toEqual({ specifier, listed: true })
      expect(() => require.resolve(specifier, { paths: [PATCHES] })).not.toThrow()
    }
  })

  it('names tests that exist as the guard of each replacement', () => {
    const named = [...readme.matchAll(/test\/(?:unit|component)\/[\w/.-]+\.test\.tsx?/g)].map(
      ([file]) => file,
    )
    expect(named.length).toBeGreaterThan(5)
    const missing = named.filter((file) => !fs.existsSync(path.join(ROOT, file)))
    expect(missing).toEqual([])
  })
})

describe('reading the checked versions', () => {
  it('takes each package and version of the line, and nothing from elsewhere', () => {
    const text =
      'Intro @tarojs/router 9.9.9\n\nChecked against: @tarojs/components 4.2.1, @tarojs/router 4.3.0-beta.1\n'
    expect(checkedVersions(text)).toEqual([
      ['@tarojs/components', '4.2.1'],
      ['@tarojs/router', '4.3.0-beta.1'],
    ])
  })
})
