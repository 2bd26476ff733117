/** A failed call: `code` is the envelope code (-1 for a network failure), `message` the server's text. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}
