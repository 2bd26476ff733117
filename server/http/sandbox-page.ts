// The HTML shell shared by the development sandbox pages (payment, WeChat) and the few pages the
// server itself shows a phone (WeChat's OAuth callback): inline styles only, scripts only under a
// per-response CSP nonce, forms posting only to this origin when a page allows them, never cached. Its own CSP header replaces the
// console's (security-headers.ts): the reply's headers win over the ones Helmet set earlier.
import crypto from 'node:crypto'
import type { FastifyReply } from 'fastify'

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`)
}

/**
 * The page writer of one sandbox: its style sheet and the note under every page. The body is
 * trusted HTML (callers escape whatever they echo into it); the title is escaped here.
 */
export function sandboxPage(style: string, note: string, { forms = false } = {}) {
  return (reply: FastifyReply, title: string, body: string, script = ''): FastifyReply => {
    const nonce = crypto.randomBytes(16).toString('base64')
    const csp = [
      "default-src 'none'",
      "style-src 'unsafe-inline'",
      `script-src 'nonce-${nonce}'`,
      "connect-src 'self'",
      "base-uri 'none'",
      forms ? "form-action 'self'" : "form-action 'none'",
      "frame-ancestors 'none'",
    ].join('; ')
    const html = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
<main>
${body}
<p class="note">${note}</p>
</main>
${script ? `<script nonce="${nonce}">${script}</script>` : ''}
</body>
</html>`
    return reply
      .header('content-security-policy', csp)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html)
  }
}
