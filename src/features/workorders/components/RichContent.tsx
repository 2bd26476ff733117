import { RichText } from '@tarojs/components'
import { useMemo } from 'react'
import { sanitizeHtml } from '../../../core/format/html'

/** Rich text of a work order (description, records): sanitised on store and here again on render. */
export function RichContent({ html, className }: { html: string; className?: string }) {
  const nodes = useMemo(() => sanitizeHtml(html), [html])
  return nodes ? <RichText className={className} nodes={nodes} /> : null
}
