// The payment providers' settings as a deployment writes them: a temporary folder of PEM files (one
// freshly generated RSA key pair in the forms providers hand out) and complete WECHATPAY_* / ALIPAY_*
// sets naming them. Call inside a test file; the folder goes after its tests.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export function paymentEnv(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`))
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
  const keys = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
  const file = (name: string, text: string) => {
    const target = path.join(dir, name)
    fs.writeFileSync(target, text)
    return target
  }
  const privatePkcs8 = file('private.pem', keys.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string)
  const privatePkcs1 = file(
    'private1.pem',
    keys.privateKey.export({ type: 'pkcs1', format: 'pem' }) as string,
  )
  const publicKey = file('public.pem', keys.publicKey.export({ type: 'spki', format: 'pem' }) as string)
  const wechat = {
    WECHATPAY_MCHID: '1900000109',
    WECHATPAY_SERIAL: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    WECHATPAY_PRIVATE_KEY_FILE: privatePkcs8,
    WECHATPAY_APIV3_KEY: 'k3GSx1ZyPp7vNqa0Hf4dWm8cLr2tYu6B',
    WECHATPAY_PUBLIC_KEY_FILE: publicKey,
    WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0119000001092025000000000001',
    WECHATPAY_APPID: 'wx1234567890abcdef',
  }
  const alipay = {
    ALIPAY_APP_ID: '2021000000000001',
    ALIPAY_PRIVATE_KEY_FILE: privatePkcs1,
    ALIPAY_PUBLIC_KEY_FILE: publicKey,
    ALIPAY_SELLER_ID: '2088102147948060',
  }
  return { dir, file, privatePkcs8, privatePkcs1, publicKey, wechat, alipay }
}
