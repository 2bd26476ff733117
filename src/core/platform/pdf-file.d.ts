export interface PdfRequest {
  /** The full address, query included. */
  url: string
  /** The `token` header and the device id, like every call. */
  headers: Record<string, string>
  /** The name H5 saves it under when the server gives none. */
  fallbackName: string
}

/** The PDF handed to the user, or the JSON the server answered instead (a refusal envelope). */
export type PdfOutcome = { delivered: true } | { delivered: false; body: unknown }

/**
 * Fetches a PDF with the session's headers (an issued invoice). H5 saves it under the server's file
 * name; the mini-program downloads it (Taro.downloadFile) and opens it in WeChat's document viewer
 * (Taro.openDocument, whose menu forwards or saves it). Rejects on a network failure.
 */
export declare function openPdf(request: PdfRequest): Promise<PdfOutcome>
