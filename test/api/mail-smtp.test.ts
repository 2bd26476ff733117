// Mail over SMTP: nodemailer against a real SMTP server started here
// (smtp-server), reading what arrived (mailparser); then a sub-admin invitation in production mode
// with the SMS provider pointed at the Aliyun fake and mail at this server.
import { smtpMail } from '../../server/providers/mail/smtp'
import { DEMO_PASSWORD, useTestServer } from './support/harness'
import { startFakeAliyunSms, templateIds, type FakeAliyun } from './support/fake-sms-providers'
import { mailTo, SMTP_PASSWORD, startSmtpInbox } from './support/smtp-inbox'

let smtp: Awaited<ReturnType<typeof startSmtpInbox>>
let smtpUrl: string

beforeAll(async () => {
  smtp = await startSmtpInbox()
  smtpUrl = smtp.url
})

afterAll(() => smtp.close())

const outgoing = (to: string) => ({
  to,
  subject: '会员中心子管理员激活',
  text: '王东华，您好！请打开链接激活：https://mc.example.com/activation?activeCode=abc',
  html: '<p>王东华，您好！</p><p><a href="https://mc.example.com/activation?activeCode=abc">激活</a></p>',
  correlationId: '3f1c2a52-5d6b-4a39-9a57-7c1f0d1e2b3c',
})

describe('the SMTP adapter', () => {
  it('delivers the HTML and plain-text bodies with the idempotency key as Message-ID', async () => {
    const gateway = smtpMail({ url: smtpUrl, from: '会员中心 <noreply@mc.example.com>' })
    expect(await gateway.send(outgoing('wang@example.cn'))).toEqual({ outcome: 'sent' })
    const mail = smtp.inbox.at(-1)!
    expect(mail.subject).toBe('会员中心子管理员激活')
    expect(mail.from?.value).toEqual([{ name: '会员中心', address: 'noreply@mc.example.com' }])
    expect(mail.to).toMatchObject({ text: 'wang@example.cn' })
    expect(mail.text?.trim()).toBe(outgoing('').text)
    expect(mail.html).toContain('href="https://mc.example.com/activation?activeCode=abc"')
    expect(mail.messageId).toBe('<3f1c2a52-5d6b-4a39-9a57-7c1f0d1e2b3c@mc.example.com>')
  })

  it('sends to one mailbox: an address that reads as a list never reaches the second name', async () => {
    const gateway = smtpMail({ url: smtpUrl, from: 'noreply@mc.example.com' })
    const before = smtp.recipients.length
    await gateway.send(outgoing('a,victim@example.com'))
    await gateway.send(outgoing('a@example.com\r\nBcc: victim@example.com'))
    expect(smtp.recipients.slice(before)).not.toContain('victim@example.com')
    expect(smtp.recipients.slice(before).length).toBeLessThanOrEqual(2)
  })

  it('reports an unknown mailbox as a refusal and a wrong password as worth another try', async () => {
    const gateway = smtpMail({ url: smtpUrl, from: 'noreply@mc.example.com' })
    expect(await gateway.send(outgoing('nobody@example.cn'))).toMatchObject({
      outcome: 'refused',
      reason: 'invalidRecipient',
    })
    const wrong = smtpMail({ url: smtpUrl.replace(SMTP_PASSWORD, 'wrong'), from: 'noreply@mc.example.com' })
    // 535: the credentials are refused, which a corrected configuration fixes without losing the mail.
    expect(await wrong.send(outgoing('wang@example.cn'))).toMatchObject({ outcome: 'retry' })
  })
})

describe('a sub-admin invitation in production mode', () => {
  const server = useTestServer()
  let fake: FakeAliyun
  beforeAll(async () => {
    fake = await startFakeAliyunSms()
  }, 300_000)
  afterAll(async () => {
    await fake?.close()
  })

  it('sends the activation link by SMS (its template) and by mail, each read where it arrived', async () => {
    const production = await server.buildVariant({
      production: true,
      publicOrigin: 'https://mc.example.com',
      smsCodeSecret: 'p'.repeat(40),
      sms: {
        provider: 'aliyun',
        accessKeyId: fake.accessKeyId,
        accessKeySecret: fake.accessKeySecret,
        endpoint: new URL(fake.url),
        signName: '会员中心',
        templates: templateIds('aliyun'),
      },
      mail: { provider: 'smtp', url: smtpUrl, from: '会员中心 <noreply@mc.example.com>' },
    })
    const ownerPhone = '13900000901'
    expect((await server.post('/__dev/members', { phone: ownerPhone, password: DEMO_PASSWORD })).code).toBe(
      200,
    )
    const token = await server.tokenFor(ownerPhone)
    const added = await production.inject({
      method: 'POST',
      url: '/api/app/account/addAccountSubAccount',
      headers: { token },
      remoteAddress: '127.0.0.1',
      payload: {
        fullName: '新管理员',
        mailbox: 'new.admin@example.cn',
        phoneNumber: '13900000902',
        position: '1',
      },
    })
    expect(added.json()).toMatchObject({ code: 200 })
    // 接收通知 is on, so a recipient confirmation goes to the same mailbox: pick the activation mail.
    const mail = await smtp.mailWhere(
      (m) => m.subject === '会员中心子管理员激活' && mailTo(m, 'new.admin@example.cn'),
    )
    const link = /https:\/\/mc\.example\.com\/activation\?activeCode=[\w-]+/.exec(mail.text ?? '')?.[0]
    expect(link).toBeDefined()
    expect(mail.html).toContain(`href="${link}"`)
    const sms = fake.received.find(
      (m) => m.phone === '13900000902' && m.template === templateIds('aliyun').activationLink,
    )!
    expect(sms).toMatchObject({ template: templateIds('aliyun').activationLink, params: { link } })
    // The link works: it names the pending sub-admin.
    const activeCode = new URL(link!).searchParams.get('activeCode')
    const info = await server.get(`/api/app/account/getAccountInfoByActiveCode?activeCode=${activeCode}`)
    expect(info).toMatchObject({ code: 200 })
  })
})
