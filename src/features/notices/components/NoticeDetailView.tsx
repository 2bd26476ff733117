import { Text, View } from '@tarojs/components'
import { formatBeijingTime } from '../../../core/format/time'
import { REFUSAL_CODE } from '../../../core/contract/envelope'
import { ApiError } from '../../../core/http/api-error'
import { defaultApiBase } from '../../../core/platform/env'
import { LineChart } from '../../../core/platform/line-chart'
import { openUrl } from '../../../core/platform/links'
import { navigateTo, redirectTo } from '../../../core/routing/navigate'
import { useSession } from '../../../core/session/store'
import { Button } from '../../../core/ui/Button'
import { ResourceStatus } from '../../../core/ui/ResourceStatus'
import { useResource } from '../../../core/ui/useResource'
import { refreshUnreadCounts } from '../../../core/session/unread'
import { noticeApi, type NoticeDetail } from '../api'
import {
  attachments,
  detailRows,
  noticeChart,
  noticeTitle,
  noticeType,
  notMePath,
  NOT_FOUND_TEXT,
  offersRenewalCentre,
  parseNoticeId,
  RENEWAL_CENTRE_PATH,
} from '../rules'
import { NoticeAttachments } from './NoticeAttachments'
import { NoticeBody } from './NoticeBody'
import './notices.scss'

const API_BASE = process.env.TARO_APP_API_BASE || defaultApiBase
export const CHART_HEIGHT = 260

/** The notice, or null when there is none by that id (a bad id, deleted, or another account's). */
async function loadNotice(id: number | null): Promise<NoticeDetail | null> {
  if (id === null) return null
  try {
    // Opening a notice marks it read on the server: the header's 消息 badge may count one less.
    const notice = await noticeApi.detail(id)
    if (notice) refreshUnreadCounts()
    return notice ?? null
  } catch (error) {
    if (error instanceof ApiError && error.code === REFUSAL_CODE.notFound) return null
    throw error
  }
}

function BackLink() {
  return (
    <View className='notice-detail__back' role='link' onClick={() => redirectTo('/notices')}>
      ‹ 返回消息列表
    </View>
  )
}

/** The notice detail (account-area §2): title and body by message type, fields, attachments, chart. */
export function NoticeDetailView({ id }: { id: string | undefined }) {
  const noticeId = parseNoticeId(id)
  const notice = useResource(() => loadNotice(noticeId), [noticeId], { fallback: '加载失败' })
  return (
    <View className='notice-detail card'>
      <BackLink />
      <ResourceStatus resource={notice} />
      {notice.status === 'ready' &&
        (notice.data ? (
          <NoticeContent notice={notice.data} />
        ) : (
          <View className='list-status' role='alert'>
            {NOT_FOUND_TEXT}
          </View>
        ))}
    </View>
  )
}

function NoticeContent({ notice }: { notice: NoticeDetail }) {
  const type = noticeType(notice.type)
  const rows = detailRows(notice.type, notice)
  const chart = noticeChart(notice.type, notice)
  const role = useSession((s) => s.role)
  const notMe = notMePath(notice)
  return (
    <View className='notice-detail__content'>
      <View className='notice-detail__title' role='heading' aria-level={1}>
        {noticeTitle(notice)}
      </View>
      <View className='notice-detail__meta'>
        <Text className='notice-detail__tag'>{type.label}</Text>
        <Text>{formatBeijingTime(notice.createTime)}</Text>
      </View>
      <NoticeBody html={notice.content} />
      {type.note && <View className='notice-detail__note'>{type.note}</View>}
      {notMe && (
        <View className='notice-detail__renewal'>
          <Button size='small' type='primary' onClick={() => navigateTo(notMe)}>
            不是我
          </Button>
        </View>
      )}
      {offersRenewalCentre(notice.type, role) && (
        <View className='notice-detail__renewal'>
          <Button size='small' type='primary' onClick={() => navigateTo(RENEWAL_CENTRE_PATH)}>
            续费管理
          </Button>
        </View>
      )}

      {chart && (
        <View className='notice-detail__section notice-chart'>
          <View className='notice-detail__section-title'>{chart.title}</View>
          {chart.domain && <View className='notice-chart__domain'>站点：{chart.domain}</View>}
          <LineChart
            label={`${chart.title}${chart.domain ? ` ${chart.domain}` : ''}：浏览量与访客IP`}
            categories={chart.categories}
            series={chart.series}
            height={CHART_HEIGHT}
          />
        </View>
      )}

      {rows.length > 0 && (
        <View className='notice-detail__section' aria-label='消息详情'>
          {rows.map((row) => (
            <View key={row.key} className='notice-detail__field'>
              <Text className='notice-detail__label'>{row.label}</Text>
              {row.href ? (
                <View
                  className='notice-detail__value notice-detail__link'
                  role='link'
                  onClick={() => openUrl(row.href as string)}
                >
                  {row.value}
                </View>
              ) : (
                <Text className='notice-detail__value'>{row.value}</Text>
              )}
            </View>
          ))}
        </View>
      )}

      <NoticeAttachments files={attachments(notice, API_BASE)} />
    </View>
  )
}
