// A minimal PDF 1.4 writer for the e-sign and invoice sandboxes: one A4 page of text lines.
// Chinese is drawn with Adobe's standard CJK font STSong-Light through the predefined UniGB-UCS2-H
// CMap, which PDF readers supply themselves, so nothing is embedded and no font file ships here.
// Characters outside the Basic Multilingual Plane are replaced by '?'.

export interface PdfLine {
  text: string
  /** Points; default 12. */
  size?: number
}

const PAGE_WIDTH = 595
const PAGE_HEIGHT = 842
const MARGIN = 56

/** A text string as UCS-2 big-endian hex, as UniGB-UCS2-H expects. */
function ucs2Hex(text: string): string {
  let hex = ''
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0x3f
    hex += (code > 0xffff ? 0x3f : code).toString(16).padStart(4, '0')
  }
  return hex.toUpperCase()
}

function pageContent(lines: PdfLine[]): string {
  let y = PAGE_HEIGHT - MARGIN
  const parts = ['BT']
  for (const line of lines) {
    const size = line.size ?? 12
    y -= size * 1.6
    parts.push(`/F1 ${size} Tf`, `1 0 0 1 ${MARGIN} ${y.toFixed(1)} Tm`, `<${ucs2Hex(line.text)}> Tj`)
  }
  parts.push('ET')
  return parts.join('\n')
}

/** Builds the file: header, numbered objects, a cross-reference table with exact offsets, trailer. */
export function renderPdf(lines: PdfLine[], title = ''): Buffer {
  const content = pageContent(lines)
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      '/Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H ' +
      '/DescendantFonts [6 0 R] >>',
    '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light ' +
      '/CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 2 >> /FontDescriptor 7 0 R /DW 1000 >>',
    '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] ' +
      '/ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
    `<< /Title <FEFF${ucs2Hex(title)}> /Producer (Member Centre sandbox) >>`,
  ]
  let body = '%PDF-1.4\n%\xE2\xE3\xCF\xD3\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'))
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xrefAt = Buffer.byteLength(body, 'latin1')
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\n`
  body += `startxref\n${xrefAt}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}
