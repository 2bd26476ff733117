// PGlite has no cross-process lock: two processes on one data folder silently lose writes
// (stack notes, "Reference server"). A lock file next to the folder holds the owner's pid.
import fs from 'node:fs'

/** Lock files this process holds, so a second open in the same process is refused too. */
const held = new Set<string>()

export class DataDirLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly pid: number,
  ) {
    super(
      `The database folder is in use by process ${pid} (lock file ${lockPath}). ` +
        'Stop that server first, or use DATABASE_URL=memory:// for a throwaway database.',
    )
    this.name = 'DataDirLockedError'
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function readPid(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10)
    return Number.isInteger(pid) && pid > 0 ? pid : null
  } catch {
    return null
  }
}

function releaseAllOnExit() {
  for (const lockPath of held) releaseDataDirLock(lockPath)
}

/**
 * Takes the lock or throws DataDirLockedError. A lock left by a dead process (a crash, kill -9)
 * is stale and taken over; so is one naming this pid that this process does not hold (pid reuse
 * after a container restart).
 */
export function acquireDataDirLock(lockPath: string): void {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(lockPath, `${process.pid}\n`, { flag: 'wx' })
      if (held.size === 0) process.once('exit', releaseAllOnExit)
      held.add(lockPath)
      return
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const pid = readPid(lockPath)
    const ownedHere = pid === process.pid && held.has(lockPath)
    if (pid !== null && (ownedHere || (pid !== process.pid && isAlive(pid)))) {
      throw new DataDirLockedError(lockPath, pid)
    }
    fs.rmSync(lockPath, { force: true })
  }
  throw new DataDirLockedError(lockPath, readPid(lockPath) ?? 0)
}

export function releaseDataDirLock(lockPath: string): void {
  if (!held.delete(lockPath)) return
  if (readPid(lockPath) === process.pid) fs.rmSync(lockPath, { force: true })
  if (held.size === 0) process.removeListener('exit', releaseAllOnExit)
}
