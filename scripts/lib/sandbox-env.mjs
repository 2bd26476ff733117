// What `npm start` (scripts/start.mjs) runs the server with: the development sandbox, on loopback
// unless HOST is given. Refuses NODE_ENV=production (or any value the server would treat as
// production): a deployment runs `npm run serve`, and silently turning it into the sandbox would
// serve /__dev and the demo accounts.

/** The NODE_ENV values `npm start` accepts (it runs the server as development either way). */
export const SANDBOX_ENVIRONMENTS = ['', 'development', 'test']
export const LOOPBACK_HOST = '127.0.0.1'

export function sandboxServerEnv(env) {
  const nodeEnv = env.NODE_ENV ?? ''
  if (!SANDBOX_ENVIRONMENTS.includes(nodeEnv))
    return {
      error:
        `npm start runs the development sandbox (demo accounts, /__dev pages, sandbox providers) and refuses ` +
        `NODE_ENV=${nodeEnv}. For a deployment build the console and run \`npm run serve\` (README "Deploying").`,
    }
  const host = env.HOST || LOOPBACK_HOST
  const port = env.PORT || '8080'
  return {
    env: { ...env, PORT: port, HOST: host, NODE_ENV: 'development' },
    host,
    exposed: !['127.0.0.1', 'localhost', '::1'].includes(host),
  }
}
