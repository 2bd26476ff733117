// Jest runs test modules in a VM context without dynamic import() or require() of ES modules
// (no --experimental-vm-modules). Two packages the API tests need hit that:
// - PGlite loads its WASM through dynamic imports;
// - Fastify's inject() uses light-my-request, which requires the ESM-only `cookie` 2.
// This environment loads both in the host context, where Node handles them natively, and hands
// them to the tests (PGlite to openDatabase, `cookie` to a jest.mock in harness.ts). It is the API
// project's testEnvironment (jest.config.js).
// It also keeps, per worker, a dump of a freshly migrated database: a new cluster's initdb and the
// migrations cost seconds a file, loading the dump about one.
import { PGlite } from '@electric-sql/pglite'
import * as cookie from 'cookie'
import { TestEnvironment } from 'jest-environment-node'
import { protectProperties } from 'jest-util'

/** Set by the first test file of this worker that opens an in-memory database (harness.ts). */
const migratedDump: { blob: Blob | null } = { blob: null }

export default class ApiTestEnvironment extends TestEnvironment {
  constructor(...args: ConstructorParameters<typeof TestEnvironment>) {
    super(...args)
    // Host modules outlive this test file: keep Jest's between-files global cleanup off them.
    protectProperties(PGlite)
    protectProperties(cookie)
    protectProperties(migratedDump)
    this.global.__hostPGlite = PGlite
    this.global.__hostCookie = cookie
    this.global.__migratedDump = migratedDump
  }
}
