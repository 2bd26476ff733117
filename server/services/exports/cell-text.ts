// What one exported cell holds. A spreadsheet runs a cell that starts with = + - @ (or a tab or a
// carriage return before one) as a formula: text a customer typed (a work-order description, a log
// line naming an input) must never become one in someone's Excel (CSV injection, OWASP).
//
// CSV has no cell types, so its risky text gets a leading apostrophe, which is what Excel shows
// for text typed as text. XLSX cells are typed: our text is always a string cell (never a formula
// cell), which Excel and WPS show as the exact text and never evaluate, so it keeps the text as is.

const FORMULA_START = /^[=+\-@\t\r]/

export const startsLikeFormula = (text: string) => FORMULA_START.test(text)

/** The text as a CSV cell may hold it: risky text prefixed with an apostrophe. */
export const neutralised = (text: string) => (startsLikeFormula(text) ? `'${text}` : text)

/** RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled. */
export function csvField(text: string): string {
  const safe = neutralised(text)
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/**
 * Stored rich text (sanitised HTML: work-order descriptions) as the plain text a cell shows: line
 * breaks for <br> and block ends, no tags, entities decoded once.
 */
export function plainTextOf(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|tr|h[1-6]|pre|blockquote)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1))
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity
      }
      return ENTITIES[name.toLowerCase()] ?? entity
    })
    .replace(/\n+$/, '')
}
