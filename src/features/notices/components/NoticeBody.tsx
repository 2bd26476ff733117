import { RichText } from '@tarojs/components'
import { useMemo } from 'react'
import { sanitizeHtml } from '../../../core/format/html'

/** The notice body: the server's HTML, sanitised here again, rendered without running any script. */
export function NoticeBody({ html }: { html: string }) {
  const nodes = useMemo(() => sanitizeHtml(html), [html])
  return nodes ? <RichText className='notice-detail__body' nodes={nodes} /> : null
}
