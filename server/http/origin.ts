// The origin the browser used to reach us, for links the server hands out (sandbox WeChat pages).
// Behind a trusted proxy (TRUST_PROXY) Fastify reads X-Forwarded-Proto and X-Forwarded-Host. The
// Host header is the caller's to choose: links sent to someone else (SMS, mail) are built on
// PUBLIC_ORIGIN instead, and on this only in the sandbox without one (services/sub-accounts/sub-accounts.ts).
import type { FastifyRequest } from 'fastify'

export function originOf(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`
}
