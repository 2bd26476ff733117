// What a group robot is told of a notice: its title, and its HTML content (escaped by the notice's
// writer) as plain text, since each platform's markdown or post format reads its own markup.

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' }

/** A robot post's text is a few lines: longer notices are cut (the link opens the whole). */
export const ROBOT_TEXT_MAX = 1000

/** The notice's HTML as text: paragraphs and breaks as line ends, tags dropped, entities read. */
export function noticePlainText(html: string): string {
  const text = html
    .replace(/<br\s*\/?>|<\/(p|div|li|h\d|tr)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name])
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim()
  return text.length > ROBOT_TEXT_MAX ? `${text.slice(0, ROBOT_TEXT_MAX - 1)}…` : text
}
