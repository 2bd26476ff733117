import { Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { formatBeijingTime } from '../../../core/format/time'
import { ApiError } from '../../../core/http/api-error'
import { defaultApiBase } from '../../../core/platform/env'
import { LineChart } from '../../../core/platform/line-chart'
import { openUrl } from '../../../core/platform/links'
import { redirectTo } from '../../../core/routing/navigate'
import { Button } from '../../../core/ui/Button'
import { PageLoading } from '../../../core/ui/PageLoading'
import { refreshUnreadCounts } from '../../../core/session/unread'
import { noticeApi, type NoticeDetail } from '../api'
import {
  attachments,
  detailRows,
  noticeChart,
  noticeTitle,
  noticeType,
  NOT_FOUND_TEXT,
  parseNoticeId,
} from '../rules'
import { NoticeAttachments } from './NoticeAttachments'
import { NoticeBody } from './NoticeBody'
import './notices.scss'

const API_BASE = process.env.TARO_APP_API_BASE || defaultApiBase
export const CHART_HEIGHT = 260

type DetailState =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'error'; message: string }
  | { status: 'ready'; notice: NoticeDetail }

function useNoticeDetail(rawId: string | undefined) {
  const id = parseNoticeId(rawId)
  const [state, setState] = useState<DetailState>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    if (id === null) {
      setState({ status: 'notFound' })
      return
    }
    let alive = true
    setState({ status: 'loading' })
    // Opening a notice marks it read on the server.
    noticeApi
      .detail(id)
      .then((notice) => {
        if (!alive) return
        setState(notice ? { status: 'ready', notice } : { status: 'notFound' })
        // Opening it marked it read: the header's 消息 badge may count one less.
        if (notice) refreshUnreadCounts()
      })
      .catch((error) => {
        if (!alive) return
        if (error instanceof ApiError && error.code === 404) setState({ status: 'notFound' })
        else setState({ status: 'error', message: error instanceof ApiError ? error.message : '加载失败' })
      })
    return () => {
      alive = false
    }
  }, [id, attempt])
  return { state, retry: () => setAttempt((n) => n + 1) }
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
  const { state, retry } = useNoticeDetail(id)
  return (
    <View className='notice-detail card'>
      <BackLink />
      {state.status === 'loading' && <PageLoading />}
      {state.status === 'notFound' && (
        <View className='list-status' role='alert'>
          {NOT_FOUND_TEXT}
        </View>
      )}
      {state.status === 'error' && (
        <View className='list-status list-status--error' role='alert'>
          <Text>{state.message}</Text>
          <Button size='small' onClick={retry}>
            重试
          </Button>
        </View>
      )}
      {state.status === 'ready' && <NoticeContent notice={state.notice} />}
    </View>
  )
}

function NoticeContent({ notice }: { notice: NoticeDetail }) {
  const type = noticeType(notice.type)
  const rows = detailRows(notice.type, notice)
  const chart = noticeChart(notice.type, notice)
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
