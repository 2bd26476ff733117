// The embedded database's folders hold every member's data: only the server's own user may read
// them. PGlite writes its files 0666 whatever the umask, and a copy keeps the source's modes, so
// modes are set here rather than trusted: folders 0700, files 0600.
import fs from 'node:fs'
import path from 'node:path'

export const PRIVATE_FOLDER_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600

export class FolderPermissionError extends Error {
  constructor(folder: string, cause: unknown) {
    super(
      `${folder} can be read by other users and its permissions cannot be changed ` +
        `(${(cause as NodeJS.ErrnoException)?.code ?? cause}). Fix it as its owner: chmod -R go-rwx ${folder}`,
    )
    this.name = 'FolderPermissionError'
  }
}

/** Creates the folder and its missing parents 0700 (an existing one is tightenFolder's). */
export function makePrivateFolder(folder: string): void {
  fs.mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE })
}

/**
 * Folders 0700 and files 0600 under `folder` (included); returns whether a folder was open to
 * others before (a file in a private folder was out of their reach anyway). Throws FolderPermissionError, naming the fix, when a mode cannot be changed.
 */
export function tightenFolder(folder: string): boolean {
  if (!fs.existsSync(folder)) return false
  let wasOpen = false
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry)
    if (stat.isSymbolicLink()) return
    const mode = stat.isDirectory() ? PRIVATE_FOLDER_MODE : PRIVATE_FILE_MODE
    if ((stat.mode & 0o777) !== mode) {
      if (stat.isDirectory() && stat.mode & 0o077) wasOpen = true
      try {
        fs.chmodSync(entry, mode)
      } catch (error) {
        throw new FolderPermissionError(folder, error)
      }
    }
    if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) visit(path.join(entry, name))
  }
  visit(folder)
  return wasOpen
}
