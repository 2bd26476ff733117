// A mini-program needs an absolute API origin; development default is the local server.
export const defaultApiBase = 'http://127.0.0.1:8080'

export function currentOrigin(): string | undefined {
  return undefined
}
