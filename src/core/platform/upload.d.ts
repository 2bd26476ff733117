/** A file the user picked, before it is sent: its name and size (checked first) and where it lives. */
export interface PickedFile {
  name: string
  size: number
  /** H5: the browser's File; mini-program: the temporary file path. */
  source: File | string
}

export interface SendOptions {
  /** Absolute or API-relative address of the upload call. */
  url: string
  /** Sent in the `token` header like every call. */
  token: string
  /** 0-100 while the bytes go out. */
  onProgress?(percent: number): void
}

/**
 * Lets the user pick up to `count` files: a file input on H5 (desktop and phone browsers);
 * `Taro.chooseMedia` (images) or `Taro.chooseMessageFile` (documents) in the mini-program, after
 * asking which. Resolves [] when the user cancels.
 */
export declare function pickFiles(count: number): Promise<PickedFile[]>

/**
 * Sends one file as multipart field `file` and resolves with the parsed response body (the
 * envelope; the caller reads it). Rejects on a network failure.
 */
export declare function sendFile(file: PickedFile, options: SendOptions): Promise<unknown>
