import type { ExportFormat } from '../contract/exports'

/**
 * The file formats this platform can hand to the user: both on H5; XLSX only in the mini-program,
 * whose document viewer (openDocument) opens xlsx but not csv.
 */
export declare const DOWNLOAD_FORMATS: readonly ExportFormat[]

export interface DownloadRequest {
  /** The full address, query included. */
  url: string
  /** The `token` header and the device id, like every call. */
  headers: Record<string, string>
  /** What the file is: the mini-program's viewer opens it as such (never csv there). */
  fileType: ExportFormat | 'pdf'
  /** The name H5 saves it under when the server gives none. */
  fallbackName: string
}

/**
 * What came back: the file, handed to the user; or the JSON the server answered instead (a refusal
 * envelope: 996, 403, 4031, a bad filter), for the caller to read.
 */
export type DownloadOutcome = { delivered: true } | { delivered: false; body: unknown }

/**
 * Fetches an attachment (an export, an invoice's PDF) with the session's headers. H5 saves it under
 * the server's file name (a Blob through an <a download>); the mini-program downloads it
 * (Taro.downloadFile) and opens it in WeChat's document viewer (Taro.openDocument, with its menu to
 * forward or save). Rejects on a network failure.
 */
export declare function downloadFile(request: DownloadRequest): Promise<DownloadOutcome>
