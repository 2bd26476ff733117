// A temporary folder of PEM files for settings that name key files (the payment providers'): one
// freshly generated RSA key pair in the forms providers hand out. Call inside a test file; the folder
// goes after its tests.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export function keyFiles(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`))
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
  const keys = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
  const file = (name: string, text: string) => {
    const target = path.join(dir, name)
    fs.writeFileSync(target, text)
    return target
  }
  return {
    dir,
    file,
    privatePkcs8: file('private.pem', keys.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string),
    privatePkcs1: file('private1.pem', keys.privateKey.export({ type: 'pkcs1', format: 'pem' }) as string),
    publicKey: file('public.pem', keys.publicKey.export({ type: 'spki', format: 'pem' }) as string),
  }
}
