import fs from 'node:fs'
import path from 'node:path'

const platform = path.join('src', 'core', 'platform')
const checks = fs.readFileSync(path.join('test', 'types', 'platform-adapters.ts'), 'utf8')

describe('platform adapters', () => {
  const contracts = fs
    .readdirSync(platform)
    .filter((file) => file.endsWith('.d.ts'))
    .map((file) => file.slice(0, -'.d.ts'.length))

  it.each(contracts)('%s has an H5 and a weapp file, both type-checked against its contract', (name) => {
    const files = fs.readdirSync(platform)
    expect(files.some((file) => new RegExp(`^${name}\\.h5\\.tsx?$`).test(file))).toBe(true)
    expect(files.some((file) => new RegExp(`^${name}\\.weapp\\.tsx?$`).test(file))).toBe(true)
    expect(checks).toContain(`from '../../src/core/platform/${name}.h5'`)
    expect(checks).toContain(`from '../../src/core/platform/${name}.weapp'`)
  })
})
