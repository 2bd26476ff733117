// The mini-program has only an asynchronous wx.getRandomValues. What this makes is an identifier,
// not a secret (the device id): Math.random is enough for one that other devices will not share.
export function randomBytes(length: number): Uint8Array {
  return Uint8Array.from({ length }, () => Math.floor(Math.random() * 256))
}
