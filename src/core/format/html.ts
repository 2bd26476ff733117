// Rich text from the server (notice bodies, work-order records) is sanitised again before it is
// rendered: no script, no event handler attribute, no javascript: link ever reaches the page,
// whatever the server let through. Tags outside the allow-list are dropped, keeping their text;
// script and style lose their contents too.
import { FilterXSS, getDefaultWhiteList } from 'xss'

const allowList = getDefaultWhiteList()
// Editors style their output inline; the xss package's CSS filter keeps only safe properties.
for (const tag of Object.keys(allowList)) allowList[tag] = [...(allowList[tag] ?? []), 'style']

const filter = new FilterXSS({
  whiteList: allowList,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'noscript', 'iframe', 'object', 'embed', 'template'],
  allowCommentTag: false,
})

export function sanitizeHtml(html: string | null | undefined): string {
  return html ? filter.process(String(html)) : ''
}

// Markup that lays out its own lines: text carrying any of it came from an editor, whose newlines
// are only source formatting.
const BLOCK_MARKUP = /<(?:p|br|div|li|ul|ol|table|tr|h[1-6]|pre|blockquote)\b/i

/**
 * Sanitised rich text with the line breaks of plain typed text kept: descriptions, replies,
 * 继续咨询 and reopen texts come from plain text areas, and HTML would fold their newlines
 * into spaces. Editor markup keeps its own layout.
 */
export function sanitizeTypedText(text: string | null | undefined): string {
  const safe = sanitizeHtml(text)
  return BLOCK_MARKUP.test(safe) ? safe : safe.replace(/\r\n?|\n/g, '<br/>')
}
