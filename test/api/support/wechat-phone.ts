// The phone's side of a WeChat QR scene, as a browser would do it: open WeChat's OAuth callback
// (WeChat's code and the scene's state), read the confirmation page, and post its form (确认 or
// 取消) with the page's one-time token. In the sandbox a code `sandbox:<openid>` stands for the
// code WeChat would issue to that user; production apps take codes from a fake WeChat.
import type { FastifyInstance } from 'fastify'

export interface ScannedPage {
  body: string
  /** The one-time token of the confirmation form; null when the page has no form. */
  formToken: string | null
}

/** Opens /wechat/oauth/callback for scene `code` with WeChat's `wechatCode`. */
export async function scanQr(
  app: FastifyInstance,
  code: string,
  wechatCode: string,
  remoteAddress = '198.51.100.7',
): Promise<ScannedPage> {
  const query = new URLSearchParams({ code: wechatCode, state: `s${code}` })
  const page = await app.inject({ method: 'GET', url: `/wechat/oauth/callback?${query}`, remoteAddress })
  const token = /<input type="hidden" name="token" value="([^"]+)">/.exec(page.body)
  return { body: page.body, formToken: token ? token[1] : null }
}

/** Posts the confirmation form as the phone's browser does (application/x-www-form-urlencoded). */
export async function answerQr(
  app: FastifyInstance,
  formToken: string,
  action: 'confirm' | 'cancel',
  remoteAddress = '198.51.100.7',
): Promise<string> {
  const page = await app.inject({
    method: 'POST',
    url: '/wechat/oauth/confirm',
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token: formToken, action }).toString(),
  })
  return page.body
}

/** Scans as `openid` (sandbox code) and answers; the confirmation page's body and the answer's. */
export async function scanAndAnswer(
  app: FastifyInstance,
  code: string,
  openid: string,
  action: 'confirm' | 'cancel',
): Promise<{ scanned: ScannedPage; answered: string | null }> {
  const scanned = await scanQr(app, code, `sandbox:${openid}`)
  const answered = scanned.formToken ? await answerQr(app, scanned.formToken, action) : null
  return { scanned, answered }
}
