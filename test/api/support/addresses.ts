// Client addresses for tests: rate limits and the security verification count per address, so a
// test that must not meet another's counts calls from an address no other call of its file used.
let issued = 0

/** A client address (198.18.0.0/15, the benchmarking range) no earlier call of this file used. */
export function freshIp(): string {
  issued += 1
  return `198.18.${Math.floor(issued / 250)}.${(issued % 250) + 1}`
}
