import { RichText } from '@tarojs/components'
import { useMemo } from 'react'
import { sanitizeTypedText } from '../../../core/format/html'

/**
 * Rich text of a work order (description, records): sanitised on store and here again on render,
 * with the line breaks the customer typed shown as typed.
 */
export function RichContent({ html, className }: { html: string; className?: string }) {
  const nodes = useMemo(() => sanitizeTypedText(html), [html])
  return nodes ? <RichText className={className} nodes={nodes} /> : null
}
