// The origin the browser used to reach us, for links the server hands out (sandbox WeChat pages).
// Behind a trusted proxy (TRUST_PROXY) Fastify reads X-Forwarded-Proto and X-Forwarded-Host.
import type { FastifyRequest } from 'fastify'

export function originOf(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`
}
