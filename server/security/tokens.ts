// Session and entry tokens: 32 random bytes for the client, only their sha256 in the database,
// so a leaked table cannot be replayed.
import crypto from 'node:crypto'

export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url')
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex')
}
