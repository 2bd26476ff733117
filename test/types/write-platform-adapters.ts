// Rewrites test/types/platform-adapters.ts from the adapters under src/ (run after adding one).
import fs from 'node:fs'
import { ADAPTER_CHECKS_FILE, findAdapters, renderAdapterChecks } from './adapter-list'

fs.writeFileSync(ADAPTER_CHECKS_FILE, renderAdapterChecks(findAdapters()))
console.log(`wrote ${ADAPTER_CHECKS_FILE}`)
