// Where uploaded files' bytes live. The reference server keeps them in its own database (the same
// PGlite or PostgreSQL), so every instance behind a load balancer reads what another one stored;
// an S3-compatible object store is the scaling path (docs/architecture.md "Files"): the same three
// calls over a bucket, with the key as the object name.
import { eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { storedFiles } from '../db/schema'

export interface FileStorage {
  put(key: string, bytes: Buffer): Promise<void>
  /** null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>
  delete(key: string): Promise<void>
}

/** Bytes in the stored_files table (bytea). */
export function databaseFileStorage(db: Database): FileStorage {
  return {
    async put(key, bytes) {
      await db.insert(storedFiles).values({ key, bytes }).onConflictDoUpdate({
        target: storedFiles.key,
        set: { bytes },
      })
    },
    async get(key) {
      const [row] = await db
        .select({ bytes: storedFiles.bytes })
        .from(storedFiles)
        .where(eq(storedFiles.key, key))
      return row ? row.bytes : null
    },
    async delete(key) {
      await db.delete(storedFiles).where(eq(storedFiles.key, key))
    },
  }
}
