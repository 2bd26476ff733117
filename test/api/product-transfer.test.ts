// Product transfer (account-area §2, §4 Transfer, §5, §6, §7, §9): the main account's alone, both SMS
// codes (single use, purpose bound), step 2 within the 30 s of step 1, the receiver a registered main
// account other than the caller, and the businesses moving with their orders, invoice and contract
// applications and evaluations in one transaction, logged on both accounts. The sender's invoice and
// contract records stay with it; a product with an unfinished work order does not move.
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { minutes } from '../../server/context'
import {
  accounts,
  businesses,
  contractApplications,
  evaluations,
  invoiceApplications,
  maintenanceAllowances,
  operateRecords,
  orders,
  transferVerifications,
  workOrders,
} from '../../server/db/schema'
import { BILLED_ELSEWHERE, SIGN_STATUS } from '../../src/core/contract/orders'
import { TRANSFER_MESSAGES } from '../../src/core/contract/product-transfer'
import { ACTION_REFUSED } from '../../server/services/work-orders/work-order-actions'
import { openWorkOrderMessage } from '../../server/services/product-transfer/product-transfer'
import { DEMO, DEMO_PASSWORD, useTestServer } from './support/harness'

const server = useTestServer()
let nextPhone = 1

// Past the 60 s resend lock and the hourly limits of earlier tests.
beforeEach(() => server.clock.advance(minutes(61)))

const refused = (code: number, message: string) => ({ code, message, data: null })

interface Member {
  phone: string
  token: string
  accountId: number
}

async function freshMember(): Promise<Member> {
  const phone = `1360000${String(nextPhone++).padStart(4, '0')}`
  await server.post('/__dev/members', { phone, password: DEMO_PASSWORD })
  const [account] = await server.db
    .select()
    .from(accounts)
    .where(eq(accounts.memberAccount, `mc${phone}`))
  return { phone, token: await server.tokenFor(phone), accountId: account.id }
}

/** A business of `owner` with a paid order, an invoice, a contract application and an evaluation. */
async function productOf(owner: Member, domain: string) {
  const created = await server.post<{ id: number }>('/__dev/transferProduct', {
    phone: owner.phone,
    secondDomain: domain,
  })
  const businessId = created.data.id
  const [order] = await server.db.select().from(orders).where(eq(orders.businessId, businessId))
  const at = server.clock()
  await server.db.insert(invoiceApplications).values({
    orderId: order.id,
    accountId: owner.accountId,
    subject: 1,
    billType: 1,
    title: '个人',
    code: '110101199003070011',
    content: '技术服务费',
    amount: '5800.00',
    applicant: '张三',
    applicantPhone: owner.phone,
    createdAt: at,
  })
  await server.db.insert(contractApplications).values({
    orderId: order.id,
    accountId: owner.accountId,
    applyType: 0,
    name: '张三',
    idType: '0',
    idTypeName: '大陆身份证',
    mobile: owner.phone,
    fileKey: `key-${domain}`,
    createdAt: at,
  })
  await server.db.insert(evaluations).values({
    uuid: crypto.randomUUID(),
    accountId: owner.accountId,
    orderId: order.id,
    items: [],
    createdAt: at,
  })
  return { businessId, orderId: order.id }
}

const opts = (member: Member) => ({ token: member.token })

async function sendVerifyCode(member: Member) {
  const slider = await server.solvedSlider(undefined, opts(member))
  return server.post('/api/pc/transfer/sendVerifyCode', slider, opts(member))
}

/** Step 1: the code to the bound phone, checked. */
async function verify(member: Member) {
  expect(await sendVerifyCode(member)).toEqual({ code: 200, message: '已发送', data: null })
  const code = await server.latestSms(member.phone, 'transferVerify')
  return server.post('/api/pc/checkCodeByAccountId', { phone: member.phone, code }, opts(member))
}

const confirm = (member: Member, businessIds: number[]) =>
  server.post('/api/pc/transfer/confirmProducts', { businessIds }, opts(member))

async function sendReceiverCode(member: Member, phone: string) {
  const slider = await server.solvedSlider(phone, opts(member))
  return server.post('/api/pc/transfer/sendSmsCode', { phone, ...slider }, opts(member))
}

const move = (member: Member, bindPhone: string, code: string, businessIds: number[]) =>
  server.post('/api/wechat/moveBusiness', { phone: member.phone, bindPhone, code, businessIds }, opts(member))

/** Steps 1 and 2 done, the receiver's code sent: what step 3 types. */
async function readyToMove(sender: Member, receiver: Member, ids: number[]) {
  expect((await verify(sender)).code).toBe(200)
  expect(await confirm(sender, ids)).toEqual({ code: 200, message: '操作成功', data: null })
  expect(await sendReceiverCode(sender, receiver.phone)).toEqual({ code: 200, message: '已发送', data: null })
  return (await server.latestSms(receiver.phone, 'transferReceive'))!
}

async function ownerOf(businessId: number) {
  const [row] = await server.db.select().from(businesses).where(eq(businesses.id, businessId))
  return row.accountId
}

async function transferLog(accountId: number) {
  return server.db
    .select()
    .from(operateRecords)
    .where(and(eq(operateRecords.accountId, accountId), eq(operateRecords.type, 10)))
    .orderBy(desc(operateRecords.id))
}

describe('roles', () => {
  it('refuses a sub-admin every transfer call with the 403 envelope', async () => {
    const token = await server.tokenFor(DEMO.subAdmin)
    const forbidden = refused(403, '无权访问')
    expect(await server.get('/api/pc/getProductListByAccountId', { token })).toEqual(forbidden)
    expect(
      await server.post('/api/pc/checkCodeByAccountId', { phone: DEMO.subAdmin, code: '123456' }, { token }),
    ).toEqual(forbidden)
    expect(await server.post('/api/pc/transfer/confirmProducts', { businessIds: [1] }, { token })).toEqual(
      forbidden,
    )
    expect(
      await server.post(
        '/api/wechat/moveBusiness',
        { phone: DEMO.subAdmin, bindPhone: DEMO.otherOwner, code: '123456', businessIds: [1] },
        { token },
      ),
    ).toEqual(forbidden)
  })
})

describe('getProductListByAccountId', () => {
  it('lists the main account its own businesses only', async () => {
    const owner = await freshMember()
    const other = await freshMember()
    const { businessId } = await productOf(owner, 'plist-own')
    await productOf(other, 'plist-foreign')
    const answer = await server.get<
      { id: number; secondDomain: string; productName: string; companyName: string }[]
    >('/api/pc/getProductListByAccountId', opts(owner))
    expect(answer.code).toBe(200)
    expect(answer.data).toEqual([
      { id: businessId, secondDomain: 'plist-own', productName: '企业官网', companyName: 'plist-own官网' },
    ])
  })
})

describe('step 1: checkCodeByAccountId', () => {
  it('needs the code sent to the bound phone for this purpose, once', async () => {
    const owner = await freshMember()
    expect(
      await server.post('/api/pc/checkCodeByAccountId', { phone: owner.phone, code: '' }, opts(owner)),
    ).toEqual(refused(400, '请输入短信验证码'))
    await sendVerifyCode(owner)
    const code = (await server.latestSms(owner.phone, 'transferVerify'))!
    const wrong = code === '000000' ? '111111' : '000000'
    expect(
      await server.post('/api/pc/checkCodeByAccountId', { phone: owner.phone, code: wrong }, opts(owner)),
    ).toEqual(refused(400, TRANSFER_MESSAGES.wrongCode))
    expect(
      await server.post('/api/pc/checkCodeByAccountId', { phone: '13999999999', code }, opts(owner)),
    ).toEqual(refused(400, TRANSFER_MESSAGES.wrongPhone))
    expect(
      await server.post('/api/pc/checkCodeByAccountId', { phone: owner.phone, code }, opts(owner)),
    ).toEqual({
      code: 200,
      message: '验证成功',
      data: null,
    })
    // Single use.
    expect(
      await server.post('/api/pc/checkCodeByAccountId', { phone: owner.phone, code }, opts(owner)),
    ).toEqual(refused(400, TRANSFER_MESSAGES.wrongCode))
  })

  it('does not take a code sent for another purpose', async () => {
    const owner = await freshMember()
    const slider = await server.solvedSlider(undefined, opts(owner))
    await server.post('/api/app/account/reverify/sendSmsCode', slider, opts(owner))
    const code = await server.latestSms(owner.phone, 'reverify')
    expect(
      await server.post('/api/pc/checkCodeByAccountId', { phone: owner.phone, code }, opts(owner)),
    ).toEqual(refused(400, TRANSFER_MESSAGES.wrongCode))
  })

  it('keeps the verification in a table of its own: one live per session, claimed for a choice', async () => {
    const owner = await freshMember()
    const { businessId } = await productOf(owner, 'own-table')
    const rows = () =>
      server.db
        .select()
        .from(transferVerifications)
        .where(eq(transferVerifications.phone, owner.phone))
        .orderBy(transferVerifications.createdAt)
    expect((await verify(owner)).code).toBe(200)
    server.clock.advance(61_000)
    expect((await verify(owner)).code).toBe(200)
    const [first, second] = await rows()
    expect(first.voidedAt).not.toBeNull()
    expect(second).toMatchObject({ voidedAt: null, claimedAt: null, choice: null, spentAt: null })
    expect(second.sessionId).toBe(first.sessionId)
    expect((await confirm(owner, [businessId])).code).toBe(200)
    const [, claimed] = await rows()
    expect(claimed.claimedAt).not.toBeNull()
    expect(claimed.choice).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('step 2: confirmProducts', () => {
  it('needs step 1 within the last 30 s, a choice, and the caller’s own businesses', async () => {
    const owner = await freshMember()
    const other = await freshMember()
    const own = await productOf(owner, 'step2-own')
    const foreign = await productOf(other, 'step2-foreign')
    expect(await confirm(owner, [own.businessId])).toEqual(
      refused(400, TRANSFER_MESSAGES.verificationExpired),
    )

    await verify(owner)
    expect(await confirm(owner, [])).toEqual(refused(400, '您尚未选择移交的产品'))
    expect(await confirm(owner, [own.businessId, foreign.businessId])).toEqual(
      refused(400, TRANSFER_MESSAGES.notOwned),
    )
    server.clock.advance(31_000)
    expect(await confirm(owner, [own.businessId])).toEqual(
      refused(400, TRANSFER_MESSAGES.verificationExpired),
    )

    server.clock.advance(minutes(2))
    await verify(owner)
    server.clock.advance(29_000)
    expect((await confirm(owner, [own.businessId])).code).toBe(200)
  })
})

describe('step 3: the receiver', () => {
  it('must be a registered main account other than the caller, asked only after step 2', async () => {
    const owner = await freshMember()
    const receiver = await freshMember()
    const { businessId } = await productOf(owner, 'step3-recv')
    expect(await sendReceiverCode(owner, receiver.phone)).toEqual(
      refused(400, TRANSFER_MESSAGES.verificationExpired),
    )

    await verify(owner)
    await confirm(owner, [businessId])
    expect(await server.post('/api/pc/transfer/sendSmsCode', { phone: '' }, opts(owner))).toEqual(
      refused(400, '请输入新手机号码'),
    )
    expect(await sendReceiverCode(owner, '13912345678')).toEqual(
      refused(400, TRANSFER_MESSAGES.receiverNotMain),
    )
    // A member who is only a sub-admin somewhere has no main account.
    expect(await sendReceiverCode(owner, DEMO.subAdmin)).toEqual(
      refused(400, TRANSFER_MESSAGES.receiverNotMain),
    )
    expect(await sendReceiverCode(owner, owner.phone)).toEqual(refused(400, TRANSFER_MESSAGES.receiverSelf))
    expect(await sendReceiverCode(owner, receiver.phone)).toEqual({
      code: 200,
      message: '已发送',
      data: null,
    })
    expect(await server.latestSms(receiver.phone, 'transferReceive')).toMatch(/^\d{6}$/)
  })
})

describe('moveBusiness', () => {
  it('moves the business with its orders, invoices, contracts and evaluations, logged on both accounts', async () => {
    const owner = await freshMember()
    const receiver = await freshMember()
    const moved = await productOf(owner, 'move-a')
    const kept = await productOf(owner, 'move-b')
    const code = await readyToMove(owner, receiver, [moved.businessId])
    // The sender holds a backend sign-in ticket for it (miandenglu).
    await server.db
      .update(businesses)
      .set({
        backendTicketHash: 'a'.repeat(64),
        backendTicketExpiresAt: new Date(server.clock().getTime() + 60_000),
      })
      .where(eq(businesses.id, moved.businessId))

    const wrong = code === '000000' ? '111111' : '000000'
    expect(await move(owner, receiver.phone, wrong, [moved.businessId])).toEqual(
      refused(400, TRANSFER_MESSAGES.wrongCode),
    )
    expect(await ownerOf(moved.businessId)).toBe(owner.accountId)

    expect(await move(owner, receiver.phone, code, [moved.businessId])).toEqual({
      code: 200,
      message: '产品转移成功',
      data: null,
    })
    expect(await ownerOf(moved.businessId)).toBe(receiver.accountId)
    expect(await ownerOf(kept.businessId)).toBe(owner.accountId)
    const [business] = await server.db.select().from(businesses).where(eq(businesses.id, moved.businessId))
    expect(business.backendTicketHash).toBeNull()
    const [order] = await server.db.select().from(orders).where(eq(orders.id, moved.orderId))
    expect(order.accountId).toBe(receiver.accountId)
    // The invoice and contract records stay with the account that paid.
    expect(order.billingAccountId).toBe(owner.accountId)
    const [invoice] = await server.db
      .select()
      .from(invoiceApplications)
      .where(eq(invoiceApplications.orderId, moved.orderId))
    expect(invoice.accountId).toBe(owner.accountId)
    const [contract] = await server.db
      .select()
      .from(contractApplications)
      .where(eq(contractApplications.orderId, moved.orderId))
    expect(contract.accountId).toBe(owner.accountId)
    const [evaluation] = await server.db
      .select()
      .from(evaluations)
      .where(eq(evaluations.orderId, moved.orderId))
    expect(evaluation.accountId).toBe(receiver.accountId)
    const keptRows = await server.db
      .select()
      .from(invoiceApplications)
      .where(inArray(invoiceApplications.orderId, [kept.orderId]))
    expect(keptRows[0].accountId).toBe(owner.accountId)

    // The receiver sees it on its home; the sender no longer does.
    const home = await server.get<{ data: { id: number }[] }>(
      '/api/pc/getProducts?pageNum=1&pageSize=4',
      opts(receiver),
    )
    expect(home.data.data.map((card) => card.id)).toContain(moved.businessId)
    const left = await server.get<{ id: number }[]>('/api/pc/getProductListByAccountId', opts(owner))
    expect(left.data.map((p) => p.id)).toEqual([kept.businessId])

    const [sent] = await transferLog(owner.accountId)
    expect(sent).toMatchObject({ status: 0, memberAccount: `mc${owner.phone}`, subAccountId: null })
    expect(sent.content).toContain('企业官网（move-a）')
    expect(sent.content).toContain(receiver.phone.slice(-4))
    const [received] = await transferLog(receiver.accountId)
    expect(received).toMatchObject({ status: 0, memberAccount: `mc${receiver.phone}` })
    expect(received.content).toContain('企业官网（move-a）')
  })

  it('spends the verification and the code: one move each', async () => {
    const owner = await freshMember()
    const receiver = await freshMember()
    const first = await productOf(owner, 'once-a')
    const second = await productOf(owner, 'once-b')
    const code = await readyToMove(owner, receiver, [first.businessId])
    expect((await move(owner, receiver.phone, code, [first.businessId])).code).toBe(200)
    expect(await move(owner, receiver.phone, code, [second.businessId])).toEqual(
      refused(400, TRANSFER_MESSAGES.verificationExpired),
    )
    // A new receiver code without a new verification is not enough either.
    expect(await sendReceiverCode(owner, receiver.phone)).toEqual(
      refused(400, TRANSFER_MESSAGES.verificationExpired),
    )
    expect(await ownerOf(second.businessId)).toBe(owner.accountId)
  })

  it('moves exactly what step 2 confirmed; going back to step 2 may change it', async () => {
    const owner = await freshMember()
    const receiver = await freshMember()
    const first = await productOf(owner, 'choice-a')
    const second = await productOf(owner, 'choice-b')
    const code = await readyToMove(owner, receiver, [first.businessId])
    // More, fewer or other products than confirmed: refused before the receiver's code is spent.
    for (const ids of [[first.businessId, second.businessId], [second.businessId]]) {
      expect(await move(owner, receiver.phone, code, ids)).toEqual(
        refused(400, TRANSFER_MESSAGES.choiceChanged),
      )
    }
    expect(await ownerOf(second.businessId)).toBe(owner.accountId)

    // Confirmed again (the page's way back), in another order: that choice moves.
    expect((await confirm(owner, [second.businessId, first.businessId])).code).toBe(200)
    expect(await move(owner, receiver.phone, code, [first.businessId])).toEqual(
      refused(400, TRANSFER_MESSAGES.choiceChanged),
    )
    expect((await move(owner, receiver.phone, code, [first.businessId, second.businessId])).code).toBe(200)
    expect(await ownerOf(first.businessId)).toBe(receiver.accountId)
    expect(await ownerOf(second.businessId)).toBe(receiver.accountId)
  })

  it('needs both codes: without step 1, or with a code not sent to the receiver, nothing moves', async () => {
    const owner = await freshMember()
    const receiver = await freshMember()
    const { businessId } = await productOf(owner, 'both-codes')
    // A receiver code the receiver got for something else (its own re-verification).
    const slider = await server.solvedSlider(undefined, opts(receiver))
    await server.post('/api/app/account/reverify/sendSmsCode', slider, opts(receiver))
    const otherPurpose = (await server.latestSms(receiver.phone, 'reverify'))!
    expect(await move(owner, receiver.phone, otherPurpose, [businessId])).toEqual(
      refused(400, TRANSFER_MESSAGES.verificationExpired),
    )
    server.clock.advance(minutes(2))
    await verify(owner)
    await confirm(owner, [businessId])
    expect(await move(owner, receiver.phone, otherPurpose, [businessId])).toEqual(
      refused(400, TRANSFER_MESSAGES.wrongCode),
    )
    expect(await ownerOf(businessId)).toBe(owner.accountId)
  })

  it('refuses another account’s business, itself, and an unregistered receiver', async () => {
    const owner = await freshMember()
    const receiver = await freshMember()
    const other = await freshMember()
    const own = await productOf(owner, 'refuse-own')
    const foreign = await productOf(other, 'refuse-foreign')
    const code = await readyToMove(owner, receiver, [own.businessId])
    expect(await move(owner, receiver.phone, code, [own.businessId, foreign.businessId])).toEqual(
      refused(400, TRANSFER_MESSAGES.notOwned),
    )
    expect(await move(owner, owner.phone, code, [own.businessId])).toEqual(
      refused(400, TRANSFER_MESSAGES.receiverSelf),
    )
    expect(await move(owner, '13912345670', code, [own.businessId])).toEqual(
      refused(400, TRANSFER_MESSAGES.receiverNotMain),
    )
    expect(await move(owner, receiver.phone, code, [])).toEqual(refused(400, '您尚未选择移交的产品'))
    expect(await move(owner, '', code, [own.businessId])).toEqual(refused(400, '请输入新手机号码'))
    expect(await ownerOf(foreign.businessId)).toBe(other.accountId)
    expect(await ownerOf(own.businessId)).toBe(owner.accountId)
    // Nothing was spent by the refusals: the move still goes through.
    expect((await move(owner, receiver.phone, code, [own.businessId])).code).toBe(200)
  })

  it('tells nobody unverified whether a phone is registered', async () => {
    const owner = await freshMember()
    const receiver = await freshMember()
    const { businessId } = await productOf(owner, 'enumerate')
    // Without steps 1 and 2 a registered and an unregistered phone get the same answer.
    for (const phone of [receiver.phone, '13912345671']) {
      expect(await move(owner, phone, '123456', [businessId])).toEqual(
        refused(400, TRANSFER_MESSAGES.verificationExpired),
      )
    }
    // Verified, the slider still comes first: no puzzle, no answer about the phone.
    await verify(owner)
    await confirm(owner, [businessId])
    for (const phone of [receiver.phone, '13912345671']) {
      const answer = await server.post(
        '/api/pc/transfer/sendSmsCode',
        { phone, captchaId: 'not-a-puzzle', captchaData: '{}' },
        opts(owner),
      )
      expect(answer.message).not.toBe(TRANSFER_MESSAGES.receiverNotMain)
      expect(answer.code).not.toBe(200)
    }
  })

  it('is one transaction: a failure inside leaves everything where it was', async () => {
    const owner = await freshMember()
    const receiver = await freshMember()
    const { businessId, orderId } = await productOf(owner, 'atomic')
    const code = await readyToMove(owner, receiver, [businessId])
    // The receiver's log entry, written last, fails: the move before it must be undone.
    await server.db.execute(
      sql.raw(`create function refuse_transfer_log() returns trigger language plpgsql as $$
        begin raise exception 'log write failed'; end $$`),
    )
    await server.db.execute(
      sql.raw(`create trigger refuse_transfer_log before insert on operate_records for each row
        when (new.account_id = ${receiver.accountId}) execute function refuse_transfer_log()`),
    )
    try {
      expect((await move(owner, receiver.phone, code, [businessId])).code).toBe(500)
    } finally {
      await server.db.execute(sql.raw('drop trigger refuse_transfer_log on operate_records'))
      await server.db.execute(sql.raw('drop function refuse_transfer_log()'))
    }
    expect(await ownerOf(businessId)).toBe(owner.accountId)
    const [order] = await server.db.select().from(orders).where(eq(orders.id, orderId))
    expect(order.accountId).toBe(owner.accountId)
    expect(await transferLog(owner.accountId)).toEqual([])
  })
})

describe('what stays with the sender', () => {
  it('keeps the invoice and contract records of a moved order from the receiver, who cannot apply', async () => {
    const owner = await freshMember()
    const receiver = await freshMember()
    const moved = await productOf(owner, 'paper-a')
    // The sender signed its contract; the invoice could still be applied for.
    await server.db.update(orders).set({ signStatus: SIGN_STATUS.signed }).where(eq(orders.id, moved.orderId))
    const code = await readyToMove(owner, receiver, [moved.businessId])
    expect((await move(owner, receiver.phone, code, [moved.businessId])).code).toBe(200)

    const seen = await server.get<Record<string, unknown>>(
      `/api/pc/getOrderById?orderId=${moved.orderId}`,
      opts(receiver),
    )
    expect(seen.code).toBe(200)
    expect(seen.data).toMatchObject({ ...BILLED_ELSEWHERE, billUrl: '' })
    const list = await server.get<{ data: Record<string, unknown>[] }>(
      '/api/pc/getOrder?pageNum=1&pageSize=10',
      opts(receiver),
    )
    expect(list.data.data.find((order) => order.id === moved.orderId)).toMatchObject(BILLED_ELSEWHERE)
    // The sender's contract (its ID number, phone) is not the receiver's to read.
    expect(await server.get(`/api/esign/getContractUrl?orderId=${moved.orderId}`, opts(receiver))).toEqual(
      refused(400, '合同尚未签署'),
    )
    expect(
      await server.post(
        '/api/pc/applyBill',
        {
          orderId: moved.orderId,
          subject: 1,
          billType: 1,
          title: '李四',
          IdCard: '11010519491231002X',
          applicant: '李四',
          applicantPhone: receiver.phone,
          receiveMail: 'lisi@example.cn',
        },
        opts(receiver),
      ),
    ).toEqual(refused(400, '该订单当前不能申请发票'))
    await server.db.update(orders).set({ signStatus: SIGN_STATUS.none }).where(eq(orders.id, moved.orderId))
    expect(
      await server.post(
        '/api/esign/applyContract',
        {
          orderId: moved.orderId,
          applyType: 0,
          name: '李四',
          idType: 'CRED_PSN_CH_IDCARD',
          idNumber: '11010519491231002X',
          mobile: receiver.phone,
        },
        opts(receiver),
      ),
    ).toEqual(refused(400, '该订单当前不能申请合同'))
  })
})

describe('work orders on moved products', () => {
  /** The sender's product made a 代维管家 business, and a maintenance work order on it. */
  async function maintenanceOf(owner: Member, domain: string) {
    const product = await productOf(owner, domain)
    const [business] = await server.db
      .update(businesses)
      .set({ isDaiweiBusiness: 1, productVersion: '基础版' })
      .where(eq(businesses.id, product.businessId))
      .returning()
    return { ...product, orderCode: business.orderCode }
  }

  async function createMaintenanceOrder(owner: Member, orderCode: string, domain: string) {
    const templates = await server.get<{ id: number }[]>(
      '/api/acWorkOrder/getWorkList?workType=4&state=1',
      opts(owner),
    )
    const created = await server.post<{ id: number; number: string }>(
      '/api/acWorkOrder/createWorkOrder',
      {
        type: 4,
        templateId: templates.data[0].id,
        source: 1,
        acWorkOrderDataPos: [
          { fieldCode: 'dwServiceOrder', fieldValue: orderCode, sort: 1 },
          { fieldCode: 'websiteDomain', fieldValue: domain, sort: 2 },
          { fieldCode: 'telPhone', fieldValue: owner.phone, sort: 3 },
          { fieldCode: 'description', fieldValue: '改一个页面', sort: 4 },
        ],
        acWorkOrderFilePos: [],
        serviceProject: [{ code: 'pageAdjust', inputNum: 1 }],
      },
      opts(owner),
    )
    expect(created).toMatchObject({ code: 200 })
    const [row] = await server.db.select().from(workOrders).where(eq(workOrders.id, created.data.id))
    return row
  }

  it('refuses step 2 and step 3 while a work order on a chosen product is unfinished, naming it', async () => {
    const owner = await freshMember()
    const receiver = await freshMember()
    const product = await maintenanceOf(owner, 'wo-a')
    const open = await createMaintenanceOrder(owner, product.orderCode, 'wo-a')
    expect((await verify(owner)).code).toBe(200)
    const message = openWorkOrderMessage('企业官网（wo-a）', [open.number])
    expect(message).toBe(`产品「企业官网（wo-a）」有未完结的工单（工单号 ${open.number}），请完结后再移交`)
    expect(await confirm(owner, [product.businessId])).toEqual(refused(400, message))

    // Closed, it moves; a work order opened between step 2 and step 3 stops the move.
    expect(
      await server.post(
        '/api/acWorkOrder/closeWorkOrder',
        { id: open.id, isClose: 1, closeReason: '自己已解决' },
        opts(owner),
      ),
    ).toMatchObject({ code: 200 })
    server.clock.advance(minutes(2)) // past the SMS resend lock
    const code = await readyToMove(owner, receiver, [product.businessId])
    const late = await createMaintenanceOrder(owner, product.orderCode, 'wo-a')
    expect(await move(owner, receiver.phone, code, [product.businessId])).toEqual(
      refused(400, openWorkOrderMessage('企业官网（wo-a）', [late.number])),
    )
    expect(await ownerOf(product.businessId)).toBe(owner.accountId)
  })

  it('lets a work order left open by an earlier transfer only be closed, never touch the receiver’s allowance', async () => {
    const owner = await freshMember()
    const receiver = await freshMember()
    const product = await maintenanceOf(owner, 'wo-b')
    const open = await createMaintenanceOrder(owner, product.orderCode, 'wo-b')
    // What a transfer before this rule did: the business and its allowance moved, the work order stayed.
    await server.db
      .update(businesses)
      .set({ accountId: receiver.accountId })
      .where(eq(businesses.id, product.businessId))
    await server.db
      .update(maintenanceAllowances)
      .set({ accountId: receiver.accountId })
      .where(eq(maintenanceAllowances.orderCode, product.orderCode))
    const allowance = async () =>
      (
        await server.db
          .select({ code: maintenanceAllowances.code, remaining: maintenanceAllowances.remaining })
          .from(maintenanceAllowances)
          .where(eq(maintenanceAllowances.orderCode, product.orderCode))
      ).sort((a, b) => a.code.localeCompare(b.code))
    const before = await allowance()

    const adjust = await server.post(
      '/api/acWorkOrder/openWorkOrder',
      { id: open.id, serviceProject: [{ code: 'posterDesign', inputNum: 2 }] },
      opts(owner),
    )
    expect(adjust).toEqual(refused(400, ACTION_REFUSED.moved))
    expect(await allowance()).toEqual(before)
    expect(
      await server.post(
        '/api/appWorkOrderCommunicationRecords/saveRecords',
        { workOrderId: open.id, content: '还在吗' },
        opts(owner),
      ),
    ).toEqual(refused(400, ACTION_REFUSED.moved))
    expect(
      await server.post(
        '/api/acWorkOrder/closeWorkOrder',
        { id: open.id, isClose: 1, closeReason: '自己已解决' },
        opts(owner),
      ),
    ).toMatchObject({ code: 200 })
  })

  it('lets the former owner only close and delete a work order naming a moved order', async () => {
    const owner = await freshMember()
    const receiver = await freshMember()
    const product = await productOf(owner, 'wo-c')
    const [order] = await server.db.select().from(orders).where(eq(orders.id, product.orderId))
    const templates = await server.get<{ id: number; taskName: string }[]>(
      '/api/acWorkOrder/getWorkList?workType=2&state=1',
      opts(owner),
    )
    const template = templates.data.find((t) => t.taskName === '网站功能异常')!
    const created = await server.post<{ id: number }>(
      '/api/acWorkOrder/createWorkOrder',
      {
        type: 2,
        templateId: template.id,
        source: 1,
        acWorkOrderDataPos: [
          { fieldCode: 'orderCode', fieldValue: order.orderCode, sort: 1 },
          { fieldCode: 'telPhone', fieldValue: owner.phone, sort: 2 },
          { fieldCode: 'description', fieldValue: '页面打不开', sort: 3 },
        ],
        acWorkOrderFilePos: [],
      },
      opts(owner),
    )
    expect(created).toMatchObject({ code: 200 })
    const id = created.data.id
    const close = { id, isClose: 1, closeReason: '自己已解决' }
    expect(await server.post('/api/acWorkOrder/closeWorkOrder', close, opts(owner))).toMatchObject({
      code: 200,
    })
    const code = await readyToMove(owner, receiver, [product.businessId])
    expect((await move(owner, receiver.phone, code, [product.businessId])).code).toBe(200)

    const reopen = { id, communicateReason: '问题未解决', content: '又打不开了' }
    expect(await server.post('/api/acWorkOrder/openWorkOrder', reopen, opts(owner))).toEqual(
      refused(400, ACTION_REFUSED.orderMoved),
    )
    const [row] = await server.db.select().from(workOrders).where(eq(workOrders.id, id))
    expect(row.status).toBe(4)
    expect(await server.post('/api/acWorkOrder/deleteWorkOrder', { id }, opts(owner))).toMatchObject({
      code: 200,
    })
  })
})
