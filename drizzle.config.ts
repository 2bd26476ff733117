// drizzle-kit: `npm run db:generate` writes SQL migrations for server/db/schema.ts into ./drizzle.
// The same migrations run on PGlite and PostgreSQL (server/db/migrate.ts).
import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './drizzle',
})
