// `npm run openapi`: writes docs/openapi.json, the API document generated from the route schemas
// (server/http/api-document.ts), from the app as production builds it, without listening.
// test/api/openapi.test.ts fails when the checked-in file and the routes disagree.
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import prettier from 'prettier'
import { buildApp } from '../server/app'
import { loadConfig } from '../server/config'
import { MEMORY_URL, openDatabase } from '../server/db/client'
import { migrateDatabase } from '../server/db/migrate'
import { documentText } from '../server/http/api-document'

export const OPENAPI_FILE = path.resolve(import.meta.dirname, '../docs/openapi.json')

async function main() {
  const handle = await openDatabase(MEMORY_URL)
  await migrateDatabase(handle)
  // Production's routes (no sandbox), with the development defaults standing in for its secrets.
  const config = {
    ...loadConfig({ NODE_ENV: 'development' }),
    production: true,
    staticDir: null,
    logger: false,
  }
  const app = buildApp({ db: handle.db, config })
  await app.ready()
  // Formatted as `npm run lint` checks every JSON file (the test compares the content).
  const options = { ...(await prettier.resolveConfig(OPENAPI_FILE)), parser: 'json' }
  writeFileSync(OPENAPI_FILE, await prettier.format(documentText(app.swagger()), options))
  await app.close()
  await handle.close()
  console.log(`wrote ${path.relative(process.cwd(), OPENAPI_FILE)}`)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
