// `npm run providers:check`: validates the providers' settings in the environment (README
// "Deploying") without starting the server or sending anything. Exit status 1 on any problem.
import { checkProviders } from './providers/checks'
import { endpointsUnsafe } from './config/providers'

const production = !['development', 'test'].includes(process.env.NODE_ENV ?? '')
const results = checkProviders(process.env, production)
console.log(`Providers (${production ? 'production' : `NODE_ENV=${process.env.NODE_ENV}`}):`)
if (production && endpointsUnsafe(process.env))
  console.log(
    '  ! PROVIDER_ENDPOINTS_UNSAFE=1: endpoints and PUBLIC_ORIGIN may be http and on any host (tests only)',
  )
for (const { service, provider, problems } of results) {
  const unset = problems.length ? 'misconfigured' : 'disabled (not configured)'
  console.log(`  ${service.padEnd(12)}${provider ?? unset}`)
  for (const problem of problems) console.log(`    ✗ ${problem}`)
}
const problems = results.reduce((total, result) => total + result.problems.length, 0)
console.log(problems ? `${problems} problem(s)` : 'ok')
process.exit(problems ? 1 : 0)
