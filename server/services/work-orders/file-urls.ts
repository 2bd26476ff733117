// Short-lived signed file addresses (GET /api/user/downLoadFile?fileId=&expires=&sig=). A work
// order's files are read by <img>, the image preview and Taro.downloadFile, which send no token
// header: the address itself is the credential. It is issued only in answers to the file's owner
// (the work-order detail) and expires after FILE_URL_TTL_SECONDS; the key is config.fileUrlSecret
// (FILE_URL_SECRET in production), shared by every instance.
import crypto from 'node:crypto'
import type { SignedFileQuery } from '../../../src/core/contract/work-orders'

export const FILE_URL_PATH = '/api/user/downLoadFile'
/** Long enough to read a detail page and open its files; a reload issues fresh addresses. */
export const FILE_URL_TTL_SECONDS = 30 * 60

function signatureOf(secret: string, fileId: string, expires: number): string {
  return crypto.createHmac('sha256', secret).update(`${fileId}.${expires}`).digest('base64url')
}

/** The address of a file, valid until `now` + the TTL. */
export function signedFileUrl(secret: string, fileId: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + FILE_URL_TTL_SECONDS
  const sig = signatureOf(secret, fileId, expires)
  return `${FILE_URL_PATH}?fileId=${fileId}&expires=${expires}&sig=${sig}`
}

/**
 * Whether an address is genuine and current. A far-future `expires` is refused too: only this
 * server makes addresses, and never for longer than the TTL.
 */
export function isValidFileSignature(secret: string, address: SignedFileQuery, now: Date): boolean {
  const seconds = now.getTime() / 1000
  if (address.expires <= seconds || address.expires > seconds + FILE_URL_TTL_SECONDS + 60) return false
  const expected = Buffer.from(signatureOf(secret, address.fileId, address.expires))
  const given = Buffer.from(address.sig)
  return given.length === expected.length && crypto.timingSafeEqual(given, expected)
}
