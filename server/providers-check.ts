// `npm run providers:check`: validates the providers' settings in the environment (README
// "Deploying") without starting the server or sending anything. Exit status 1 on any problem.
import { checkProviders } from './providers/checks'

const production = !['development', 'test'].includes(process.env.NODE_ENV ?? '')
const results = checkProviders(process.env, production)
console.log(`Providers (${production ? 'production' : `NODE_ENV=${process.env.NODE_ENV}`}):`)
for (const { service, provider, problems } of results) {
  console.log(`  ${service.padEnd(12)}${provider ?? 'disabled (not configured)'}`)
  for (const problem of problems) console.log(`    ✗ ${problem}`)
}
const problems = results.reduce((total, result) => total + result.problems.length, 0)
console.log(problems ? `${problems} problem(s)` : 'ok')
process.exit(problems ? 1 : 0)
