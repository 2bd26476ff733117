// Where uploaded files' bytes live. On PostgreSQL the database keeps them (stored_files, bytea), so
// every instance behind a load balancer reads what another one stored. On PGlite they are files in
// a folder beside the data folder: PGlite runs inside this process's event loop, and 5 MiB of bytea
// through it stopped every other request for seconds. An S3-compatible object store is the scaling
// path (docs/architecture.md "Files"): the same calls over a bucket, with the key as the object name.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { eq, sql } from 'drizzle-orm'
import type { Database, DatabaseHandle } from '../../db/client'
import { storedFiles } from '../../db/schema'

export interface StoredBytes {
  size: number
  /** The bytes: a stream from a folder, a buffer from the database. */
  body: Readable | Buffer
}

export interface FileStorage {
  /** Streams the bytes in under `key` and answers their count; a failed source keeps nothing. */
  put(key: string, source: Readable | Buffer): Promise<number>
  /** The first `length` bytes (the type is decided by them), or null when nothing is stored. */
  head(key: string, length: number): Promise<Buffer | null>
  /** null when nothing is stored under the key. */
  get(key: string): Promise<StoredBytes | null>
  /** Deleting a missing key is no error (purges repeat safely). */
  delete(key: string): Promise<void>
}

/** Keys are ours (32 hex characters); anything else never becomes a path. */
const KEY = /^[A-Za-z0-9_-]{1,64}$/
function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`not a file key: ${key}`)
  return key
}

async function bufferOf(source: Readable | Buffer): Promise<Buffer> {
  if (Buffer.isBuffer(source)) return source
  const chunks: Buffer[] = []
  for await (const chunk of source) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** Bytes in the stored_files table (bytea): PostgreSQL, shared by every instance. */
export function databaseFileStorage(db: Database): FileStorage {
  return {
    async put(key, source) {
      const bytes = await bufferOf(source)
      await db.insert(storedFiles).values({ key, bytes }).onConflictDoUpdate({
        target: storedFiles.key,
        set: { bytes },
      })
      return bytes.length
    },
    async head(key, length) {
      const [row] = await db
        .select({ bytes: sql<Buffer>`substring(${storedFiles.bytes} from 1 for ${length})` })
        .from(storedFiles)
        .where(eq(storedFiles.key, key))
      if (!row) return null
      return Buffer.isBuffer(row.bytes) ? row.bytes : Buffer.from(row.bytes as Uint8Array)
    },
    async get(key) {
      const [row] = await db
        .select({ bytes: storedFiles.bytes })
        .from(storedFiles)
        .where(eq(storedFiles.key, key))
      return row ? { size: row.bytes.length, body: row.bytes } : null
    },
    async delete(key) {
      await db.delete(storedFiles).where(eq(storedFiles.key, key))
    },
  }
}

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT'

/**
 * Files in `dir` (`<key[0..2]>/<key>`), written through a partial file and renamed into place, so a
 * reader never sees half a file. Bytes stored in the database before (the demo seed, uploads kept by
 * an earlier version) are still read from there and deleted there.
 */
export function folderFileStorage(dir: string, db: Database): FileStorage {
  const legacy = databaseFileStorage(db)
  const partialDir = path.join(dir, '.partial')
  const fileOf = (key: string) => path.join(dir, checkedKey(key).slice(0, 2), key)
  let ready: Promise<void> | null = null
  const prepare = () => (ready ??= fs.promises.mkdir(partialDir, { recursive: true }).then(() => undefined))

  return {
    async put(key, source) {
      const target = fileOf(key)
      await prepare()
      await fs.promises.mkdir(path.dirname(target), { recursive: true })
      const partial = path.join(partialDir, `${key}-${crypto.randomBytes(6).toString('hex')}`)
      let size = 0
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length
          done(null, chunk)
        },
      })
      const input = Buffer.isBuffer(source) ? Readable.from([source]) : source
      try {
        await pipeline(input, counter, fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 }))
        await fs.promises.rename(partial, target)
      } catch (error) {
        await fs.promises.rm(partial, { force: true })
        throw error
      }
      return size
    },
    async head(key, length) {
      let handle: fs.promises.FileHandle
      try {
        handle = await fs.promises.open(fileOf(key), 'r')
      } catch (error) {
        if (missing(error)) return legacy.head(key, length)
        throw error
      }
      try {
        const buffer = Buffer.alloc(length)
        const { bytesRead } = await handle.read(buffer, 0, length, 0)
        return buffer.subarray(0, bytesRead)
      } finally {
        await handle.close()
      }
    },
    async get(key) {
      const file = fileOf(key)
      try {
        const { size } = await fs.promises.stat(file)
        return { size, body: fs.createReadStream(file) }
      } catch (error) {
        if (missing(error)) return legacy.get(key)
        throw error
      }
    },
    async delete(key) {
      await fs.promises.rm(fileOf(key), { force: true })
      await legacy.delete(key)
    },
  }
}

/** The store of a database: PostgreSQL's own table, or PGlite's folder. */
export function fileStorageFor(handle: DatabaseHandle): FileStorage {
  return handle.filesDir ? folderFileStorage(handle.filesDir, handle.db) : databaseFileStorage(handle.db)
}
