// `npm start` is the development sandbox (scripts/start.mjs): it refuses a production NODE_ENV
// instead of silently serving the sandbox, and listens on loopback unless HOST is given.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { sandboxServerEnv } from '../../../scripts/lib/sandbox-env.mjs'

const root = path.resolve(__dirname, '../../..')

describe('npm start', () => {
  it.each(['production', 'staging'])(
    'refuses NODE_ENV=%s before building anything, pointing to npm run serve',
    (nodeEnv) => {
      const run = spawnSync(process.execPath, ['scripts/start.mjs'], {
        cwd: root,
        env: { ...process.env, NODE_ENV: nodeEnv } as NodeJS.ProcessEnv,
        encoding: 'utf8',
      })
      expect(run.status).toBe(1)
      expect(run.stderr).toMatch(/npm run serve/)
      expect(run.stdout).not.toMatch(/Building/)
    },
  )

  it('runs the server as the sandbox on 127.0.0.1 unless HOST is given', () => {
    expect(sandboxServerEnv({})).toMatchObject({
      env: { NODE_ENV: 'development', HOST: '127.0.0.1', PORT: '8080' },
      exposed: false,
    })
    expect(sandboxServerEnv({ NODE_ENV: 'development', PORT: '9000' })).toMatchObject({
      env: { HOST: '127.0.0.1', PORT: '9000' },
    })
    expect(sandboxServerEnv({ HOST: '0.0.0.0' })).toMatchObject({ host: '0.0.0.0', exposed: true })
    expect(sandboxServerEnv({ NODE_ENV: 'production' })).toEqual({
      error: expect.stringMatching(/npm run serve/),
    })
  })
})
