// Demo work orders (doc2 §3, §4): the problem templates of work types 2, 3 and 4, and for 星辰科技
// one work order in every status 0-5 across the categories, an urgent one, a maintenance one with
// service items (its allowance reduced by them), closed ones to delete, records of every role with
// small real attachments (PNG, PDF), and unread engineer replies for the header badge. 云帆贸易 has
// its own (ownership checks); 李子管 (sub-admin) has submitted one of 星辰科技's.
import crypto from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { FieldCode, ServiceProjectRequest } from '../../src/core/contract/work-orders'
import { hours } from '../context'
import { takeFromAllowance } from '../services/work-orders/work-order-maintenance'
import { RECORD_TITLE } from '../services/work-orders/work-order-rows'
import {
  businesses,
  storedFiles,
  uploadedFiles,
  workOrderRecords,
  workOrders,
  workOrderTemplateFields,
  workOrderTemplates,
} from '../db/schema'
import { drawPage } from '../services/notices/notice-files'
import { daysAgo, type DemoIds } from './support'
import type { Tx } from '../db/client'

/** A screenshot-like PNG and a one-page PDF: real bytes, so previews and downloads work. */
export const DEMO_PNG = drawPage(480, 300, [64, 128, 255])
export const DEMO_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)

type Field = [FieldCode, string, boolean]
const TEMPLATES: { workType: number; taskName: string; state?: number; fields: Field[] }[] = [
  {
    workType: 2,
    taskName: '网站功能异常',
    fields: [
      ['orderCode', '咨询订单', true],
      ['telPhone', '联系方式', true],
      ['description', '问题描述', true],
      ['file', '附件', false],
    ],
  },
  {
    workType: 2,
    taskName: '申请退款',
    fields: [
      ['orderCode', '退款订单', true],
      ['telPhone', '联系方式', true],
      ['drawbackReason', '退款原因', true],
      ['description', '补充说明', false],
      ['file', '附件', false],
    ],
  },
  { workType: 2, taskName: '已停用的分类', state: 0, fields: [['description', '问题描述', true]] },
  {
    workType: 3,
    taskName: '账号主体变更',
    fields: [
      ['telPhone', '联系方式', true],
      ['corporateName', '公司名称', true],
      ['call', '联系人姓名', true],
      ['description', '问题描述', true],
      ['businessLicense', '营业执照扫描件', true],
      ['identityDocument', '联系人身份证扫描件', true],
    ],
  },
  {
    workType: 3,
    taskName: '账号登录问题',
    fields: [
      ['telPhone', '联系方式', true],
      ['contactEmail', '联系邮箱', false],
      ['description', '问题描述', true],
      ['file', '截图', false],
    ],
  },
  {
    workType: 4,
    taskName: '网站代维服务',
    fields: [
      ['dwServiceOrder', '代维订单', true],
      ['websiteDomain', '网站域名', true],
      ['serviceProject', '服务项目', true],
      ['telPhone', '联系方式', true],
      ['description', '需求描述', true],
      ['file', '附件', false],
    ],
  },
]

/** The label a template gives a field, as a submitted form stores it with the value. */
function fieldNameOf(taskName: string, fieldCode: FieldCode): string {
  const template = TEMPLATES.find((t) => t.taskName === taskName)
  return template?.fields.find(([code]) => code === fieldCode)?.[1] ?? ''
}

async function seedTemplates(tx: Tx): Promise<Record<string, number>> {
  const ids: Record<string, number> = {}
  for (const [index, template] of TEMPLATES.entries()) {
    const [row] = await tx
      .insert(workOrderTemplates)
      .values({
        workType: template.workType,
        taskName: template.taskName,
        state: template.state ?? 1,
        sort: index,
      })
      .returning({ id: workOrderTemplates.id })
    ids[template.taskName] = row.id
    await tx.insert(workOrderTemplateFields).values(
      template.fields.map(([fieldCode, fieldName, required], sort) => ({
        templateId: row.id,
        fieldCode,
        fieldName,
        required,
        sort: sort + 1,
      })),
    )
  }
  return ids
}

interface DemoRecord {
  role: 0 | 1 | 2 | 3 | 4
  content: string
  looked?: boolean
  file?: 'png' | 'pdf'
}

interface DemoWorkOrder {
  accountId: number
  subAccountId?: number
  memberId: number
  number: string
  type: number
  template: string
  status: number
  description: string
  fields: [FieldCode, string][]
  orderCode?: string
  age: number
  urged?: boolean
  closeReason?: string
  files?: { name: string; type: 0 | 3 | 4 }[]
  records: DemoRecord[]
  serviceProject?: ServiceProjectRequest[]
}

async function addFile(
  tx: Tx,
  owner: { accountId: number; memberId: number | null },
  name: string,
  fileType: number,
  target: { workOrderId: number; recordId: number | null },
  at: Date,
) {
  const pdf = name.endsWith('.pdf')
  const bytes = pdf ? DEMO_PDF : DEMO_PNG
  const id = crypto.randomBytes(16).toString('hex')
  await tx.insert(storedFiles).values({ key: id, bytes })
  await tx.insert(uploadedFiles).values({
    id,
    ...owner,
    fileName: name,
    ext: pdf ? 'pdf' : 'png',
    mime: pdf ? 'application/pdf' : 'image/png',
    size: bytes.length,
    fileType,
    ...target,
    createdAt: at,
  })
}

async function addWorkOrder(tx: Tx, at: Date, templates: Record<string, number>, order: DemoWorkOrder) {
  const created = daysAgo(at, order.age)
  const [row] = await tx
    .insert(workOrders)
    .values({
      accountId: order.accountId,
      subAccountId: order.subAccountId ?? null,
      memberId: order.memberId,
      number: order.number,
      type: order.type,
      templateId: templates[order.template],
      taskName: order.template,
      description: order.description,
      status: order.status,
      orderCode: order.orderCode ?? null,
      productVersion: order.type === 4 ? '基础版' : null,
      termYear: order.type === 4 ? 1 : null,
      dataFields: order.fields.map(([fieldCode, fieldValue], sort) => ({
        fieldCode,
        name: fieldNameOf(order.template, fieldCode),
        fieldValue,
        sort: sort + 1,
      })),
      serviceProject: order.serviceProject ?? null,
      urgedAt: order.urged ? new Date(created.getTime() + hours(1)) : null,
      closeReason: order.closeReason ?? null,
      createdAt: created,
      updatedAt: new Date(created.getTime() + hours(order.records.length)),
    })
    .returning({ id: workOrders.id })
  const owner = { accountId: order.accountId, memberId: order.memberId }
  for (const file of order.files ?? []) {
    await addFile(tx, owner, file.name, file.type, { workOrderId: row.id, recordId: null }, created)
  }
  for (const [index, record] of order.records.entries()) {
    const when = new Date(created.getTime() + hours(index))
    const [added] = await tx
      .insert(workOrderRecords)
      .values({
        workOrderId: row.id,
        role: record.role,
        title: RECORD_TITLE[record.role],
        content: record.content,
        memberId: record.role === 1 ? order.memberId : null,
        looked: record.role !== 2 || (record.looked ?? true),
        createdAt: when,
      })
      .returning({ id: workOrderRecords.id })
    if (record.file) {
      const fileOwner = record.role === 1 ? owner : { accountId: order.accountId, memberId: null }
      const name = record.file === 'pdf' ? '处理说明.pdf' : '截图.png'
      await addFile(tx, fileOwner, name, 0, { workOrderId: row.id, recordId: added.id }, when)
    }
  }
  return row.id
}

const SUBMITTED: DemoRecord = { role: 0, content: '您的工单已提交，工程师已接单，将尽快为您处理。' }

export async function seedWorkOrders(tx: Tx, ids: DemoIds): Promise<void> {
  const { at, main, other, owner, subAdmin, otherOwner, liZiguan } = ids
  const templates = await seedTemplates(tx)
  const phone = '13800000001'
  const mainOrders: DemoWorkOrder[] = [
    {
      accountId: main,
      memberId: owner,
      number: '20260001',
      type: 2,
      template: '网站功能异常',
      status: 2,
      description: '网站首页轮播图无法更新',
      fields: [
        ['orderCode', 'MC202611000006'],
        ['telPhone', phone],
        ['description', '网站首页轮播图无法更新'],
      ],
      orderCode: 'MC202611000006',
      age: 2,
      records: [
        SUBMITTED,
        { role: 1, content: '首页轮播图上传后不显示。\n换了两个浏览器都一样，截图见附件。', file: 'png' },
        { role: 2, content: '您好，已收到，正在排查。', looked: false },
        { role: 4, content: '缓存未刷新，已安排处理。' },
        { role: 2, content: '已修复，请刷新后查看。', looked: false, file: 'pdf' },
      ],
    },
    {
      accountId: main,
      memberId: owner,
      number: '20260003',
      type: 2,
      template: '网站功能异常',
      status: 0,
      description: '产品详情页图片加载缓慢，需要加急处理',
      fields: [
        ['orderCode', 'MC202611000010'],
        ['telPhone', phone],
        ['description', '产品详情页图片加载缓慢，需要加急处理'],
      ],
      orderCode: 'MC202611000010',
      age: 1,
      urged: true,
      files: [{ name: '慢速页面截图.png', type: 0 }],
      records: [SUBMITTED, { role: 3, content: '客户申请加急处理，请尽快响应' }],
    },
    {
      accountId: main,
      memberId: owner,
      number: '20260004',
      type: 3,
      template: '账号登录问题',
      status: 1,
      description: '子账号无法收到登录验证码短信',
      fields: [
        ['telPhone', phone],
        ['description', '子账号无法收到登录验证码短信'],
      ],
      age: 4,
      records: [
        SUBMITTED,
        { role: 2, content: '已为您重新开通短信通道，请再试一次。' },
        { role: 0, content: '工程师已处理完成，请确认问题是否已解决' },
      ],
    },
    {
      accountId: main,
      memberId: owner,
      number: '20260005',
      type: 2,
      template: '申请退款',
      status: 3,
      description: '重复购买标准版，申请退还其中一笔',
      fields: [
        ['orderCode', 'MC202611000008'],
        ['telPhone', phone],
        ['drawbackReason', '重复购买'],
        ['description', '重复购买标准版，申请退还其中一笔'],
      ],
      orderCode: 'MC202611000008',
      age: 6,
      records: [
        SUBMITTED,
        { role: 2, content: '退款已原路退回，请注意查收。' },
        { role: 0, content: '客户已确认工单完结' },
      ],
    },
    {
      accountId: main,
      memberId: owner,
      number: '20260006',
      type: 3,
      template: '账号主体变更',
      status: 4,
      description: '公司更名后需要变更账号主体信息',
      fields: [
        ['telPhone', phone],
        ['corporateName', '星辰科技有限公司'],
        ['call', '张星辰'],
        ['description', '公司更名后需要变更账号主体信息'],
      ],
      age: 9,
      closeReason: '自己已解决',
      files: [
        { name: '营业执照.png', type: 3 },
        { name: '身份证.png', type: 4 },
      ],
      records: [SUBMITTED, { role: 0, content: '工单已关闭，关闭原因：自己已解决' }],
    },
    {
      accountId: main,
      memberId: owner,
      number: '20260007',
      type: 2,
      template: '网站功能异常',
      status: 5,
      description: '表单提交后邮件通知未送达',
      fields: [
        ['orderCode', 'MC202611000006'],
        ['telPhone', phone],
        ['description', '表单提交后邮件通知未送达'],
      ],
      orderCode: 'MC202611000006',
      age: 3,
      records: [SUBMITTED, { role: 2, content: '请提供一封未送达邮件的时间，我们继续排查。', looked: false }],
    },
    {
      accountId: main,
      memberId: owner,
      number: '20260008',
      type: 4,
      template: '网站代维服务',
      status: 0,
      description: '首页改版：调整一个页面并开启SEO设置',
      fields: [
        ['dwServiceOrder', 'MC202600000110'],
        ['websiteDomain', 'xingchen'],
        ['telPhone', phone],
        ['description', '首页改版：调整一个页面并开启SEO设置'],
      ],
      orderCode: 'MC202600000110',
      age: 1,
      serviceProject: [
        { code: 'pageAdjust', inputNum: 1 },
        { code: 'seoSettings', inputNum: 1 },
      ],
      records: [SUBMITTED],
    },
    {
      accountId: main,
      subAccountId: liZiguan,
      memberId: subAdmin,
      number: '20260009',
      type: 3,
      template: '账号登录问题',
      status: 2,
      description: '李子管提交：子管理员登录后看不到订单菜单',
      fields: [
        ['telPhone', '13800000002'],
        ['description', '李子管提交：子管理员登录后看不到订单菜单'],
      ],
      age: 2,
      records: [SUBMITTED, { role: 2, content: '子管理员默认不显示订单管理，属正常情况。', looked: false }],
    },
  ]
  const otherOrders: DemoWorkOrder[] = [
    {
      accountId: other,
      memberId: otherOwner,
      number: '20260002',
      type: 3,
      template: '账号登录问题',
      status: 0,
      description: '如何修改会员账号名称',
      fields: [
        ['telPhone', '13800000003'],
        ['description', '如何修改会员账号名称'],
      ],
      age: 1,
      records: [SUBMITTED, { role: 2, content: '您好，请在账户管理中修改。', looked: false }],
    },
    {
      accountId: other,
      memberId: otherOwner,
      number: '20260010',
      type: 2,
      template: '网站功能异常',
      status: 4,
      description: '云帆贸易官网的留言板无法提交',
      fields: [
        ['orderCode', 'MC202611000102'],
        ['telPhone', '13800000003'],
        ['description', '云帆贸易官网的留言板无法提交'],
      ],
      orderCode: 'MC202611000102',
      age: 5,
      closeReason: '不想问了',
      files: [{ name: '云帆留言板.png', type: 0 }],
      records: [SUBMITTED, { role: 1, content: '云帆贸易的补充截图。', file: 'png' }],
    },
    {
      accountId: other,
      memberId: otherOwner,
      number: '20260011',
      type: 2,
      template: '网站功能异常',
      status: 1,
      description: '云帆贸易网站备案信息需要更新',
      fields: [
        ['orderCode', 'MC202611000102'],
        ['telPhone', '13800000003'],
        ['description', '云帆贸易网站备案信息需要更新'],
      ],
      orderCode: 'MC202611000102',
      age: 3,
      records: [SUBMITTED, { role: 2, content: '备案信息已更新，请确认。' }],
    },
  ]
  for (const order of [...mainOrders, ...otherOrders]) await addWorkOrder(tx, at, templates, order)

  // The maintenance work order took its items from the order's allowance.
  const [butler] = await tx
    .select()
    .from(businesses)
    .where(and(eq(businesses.accountId, main), eq(businesses.orderCode, 'MC202600000110')))
  if (butler) {
    const order = { orderCode: butler.orderCode, productVersion: butler.productVersion, termYear: 1 }
    await takeFromAllowance(tx, main, order, mainOrders.find((o) => o.type === 4)?.serviceProject ?? [])
  }
}
