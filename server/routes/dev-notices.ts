// Dev sandbox: a new notice for a member's main account, through storeNotice like any other (e2e
// tests give each run its own notices; shows the home popup). Registered outside production only.
import { ok } from '../http/envelope'
import { notFound } from '../services/shared/errors'
import type { Services } from '../services'
import type { NoticeDetails, NoticeFile } from '../../src/core/contract/notices'
import { ROLE } from '../../src/core/contract/account'
import { boundedInteger, object, shortText, type TypedApp } from './schemas'

export function devNoticeRoutes(app: TypedApp, { notices, members, roles }: Services) {
  app.post(
    '/__dev/notices',
    {
      schema: {
        body: object(
          {
            phone: shortText(11),
            type: boundedInteger(1, 999),
            title: shortText(128),
            content: shortText(20_000),
            details: { type: 'object' },
            fileList: { type: 'array', maxItems: 20 },
          },
          ['phone', 'type', 'title', 'content'],
        ),
      },
    },
    async (req) => {
      // details and fileList are taken as any object and list: storeNotice keeps only what it knows.
      const { phone, details, fileList, ...draft } = req.body
      const member = await members.byPhone(phone.trim())
      const own = member && (await roles.memberRoles(member.id)).find((r) => r.role === ROLE.main)
      if (!own) throw notFound('账号不存在')
      const sent = { ...draft, details: details as NoticeDetails, fileList: fileList as NoticeFile[] }
      return ok({ id: await notices.notify({ ...sent, accountId: own.accountId }) })
    },
  )
}
