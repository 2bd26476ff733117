// The engineer's sandbox (development only): /__dev/workorders lists every open work order, where
// one replies as the engineer (role 2, optionally with an attachment), adds a note (role 4), or
// moves the order to 1 (awaiting the customer's confirmation), 2 (processing) or 5 (processing
// again, which only the vendor's side sets). The console's
// header badge and the detail page pick the replies up like real ones.
import fastifyMultipart from '@fastify/multipart'
import {
  WORK_ORDER_STATUS,
  WORK_ORDER_TYPE_LABEL,
  type WorkOrderType,
} from '../../src/core/contract/work-orders'
import { ok } from '../http/envelope'
import { invalid } from '../services/shared/errors'
import { escapeHtml, sandboxPage } from '../http/sandbox-page'
import type { Services } from '../services'
import { plainText } from '../services/work-orders/work-order-rows'
import { object, rowId, shortText, type TypedApp } from './schemas'
import { MULTIPART_LIMITS, readUpload } from './work-order-files'

const STATUS_LABEL: Record<number, string> = { 0: '已分配', 1: '待您确认', 2: '处理中', 5: '处理中' }

const STYLE = `
  body { margin: 0; font: 14px/1.5 -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif;
    background: #f2f3f5; color: #1d2129; }
  main { max-width: 960px; margin: 0 auto; padding: 24px 16px; }
  h1 { font-size: 20px; margin: 0 0 16px; }
  article { background: #fff; border-radius: 8px; padding: 16px; margin-bottom: 16px; }
  h2 { font-size: 16px; margin: 0 0 4px; }
  p { margin: 0 0 8px; color: #4e5969; }
  form { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 8px 0; }
  textarea { flex: 1 1 320px; min-height: 48px; }
  button { padding: 6px 12px; border-radius: 4px; border: 1px solid #c9cdd4; background: #fff; cursor: pointer; }
  button.primary { background: #1677ff; border-color: #1677ff; color: #fff; }
  .urgent { color: #f53f3f; font-weight: 600; }
  .note { font-size: 12px; color: #86909c; }
  [role=status] { min-height: 20px; font-weight: 600; }
`

const SCRIPT = `
  function show(id, text) { document.getElementById('result-' + id).textContent = text }
  function done(id) {
    return function (res) {
      if (res.code !== 200) { show(id, res.message); return }
      show(id, '已完成，刷新中…');
      setTimeout(function () { window.location.reload() }, 400);
    }
  }
  function post(url, body, id, json) {
    return fetch(url, json
      ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
      : { method: 'POST', body: body })
      .then(function (r) { return r.json() }).then(done(id))
      .catch(function () { show(id, '网络错误，请重试') });
  }
  document.querySelectorAll('form[data-action]').forEach(function (form) {
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var id = Number(form.dataset.id);
      var action = form.dataset.action;
      if (action === 'reply') post('/__dev/workorders/reply', new FormData(form), id, false);
      if (action === 'note') post('/__dev/workorders/note', { id: id, content: form.content.value }, id, true);
    });
  });
  document.querySelectorAll('button[data-status]').forEach(function (button) {
    button.addEventListener('click', function () {
      var id = Number(button.dataset.id);
      post('/__dev/workorders/status', { id: id, status: Number(button.dataset.status) }, id, true);
    });
  });
`

const page = sandboxPage(STYLE, '工单沙箱页面：以工程师身份回复、备注和变更状态，仅用于开发和测试。')

export function devWorkOrderRoutes(app: TypedApp, { workOrderEngineer }: Services) {
  app.get('/__dev/workorders', async (_req, reply) => {
    const orders = await workOrderEngineer.listOpen()
    const rows = orders.map((o) => {
      const id = o.id
      const summary = escapeHtml(plainText(o.description).slice(0, 120))
      return `<article aria-label="工单 ${escapeHtml(o.number)}">
<h2>工单 ${escapeHtml(o.number)} · ${escapeHtml(WORK_ORDER_TYPE_LABEL[o.type as WorkOrderType] ?? '')} · ${
        STATUS_LABEL[o.status] ?? ''
      }${o.urgedAt ? ' <span class="urgent">加急</span>' : ''}</h2>
<p>${escapeHtml(o.accountName)}：${summary}</p>
<form data-action="reply" data-id="${id}">
<input type="hidden" name="workOrderId" value="${id}">
<textarea name="content" aria-label="工程师回复" maxlength="500" placeholder="工程师回复"></textarea>
<input type="file" name="file" aria-label="附件" accept=".rar,.zip,.doc,.docx,.pdf,.jpg,.png,.jpeg">
<button class="primary" type="submit">回复</button>
</form>
<form data-action="note" data-id="${id}">
<textarea name="content" aria-label="工程师备注" maxlength="500" placeholder="工程师备注"></textarea>
<button type="submit">添加备注</button>
</form>
<p><button type="button" data-id="${id}" data-status="${WORK_ORDER_STATUS.awaitingConfirmation}">设为待确认</button>
<button type="button" data-id="${id}" data-status="${WORK_ORDER_STATUS.processing}">设为处理中</button>
<button type="button" data-id="${id}" data-status="${WORK_ORDER_STATUS.processingAgain}">设为重新处理中（5）</button></p>
<p id="result-${id}" role="status"></p>
</article>`
    })
    return page(
      reply,
      '工单沙箱',
      `<h1>工单沙箱（工程师）</h1>${rows.join('\n') || '<p>暂无进行中的工单</p>'}`,
      SCRIPT,
    )
  })

  app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: MULTIPART_LIMITS })
    scope.post('/__dev/workorders/reply', async (req) => {
      if (!req.isMultipart()) throw invalid('非法参数')
      const { upload, fields } = await readUpload(req)
      const id = Number(fields.workOrderId)
      if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw invalid('非法参数')
      const file = upload && upload.bytes.length > 0 ? upload : null
      await workOrderEngineer.reply(id, (fields.content ?? '').slice(0, 500), file)
      return ok(null)
    })
  })

  app.post(
    '/__dev/workorders/note',
    { schema: { body: object({ id: rowId, content: shortText(500) }, ['id', 'content']) } },
    async (req) => {
      await workOrderEngineer.note(req.body.id, req.body.content)
      return ok(null)
    },
  )

  app.post(
    '/__dev/workorders/status',
    { schema: { body: object({ id: rowId, status: { enum: [1, 2, 5] } }, ['id', 'status']) } },
    async (req) => {
      await workOrderEngineer.setStatus(req.body.id, req.body.status)
      return ok(null)
    },
  )
}
