// The file name an attachment's Content-Disposition gives (RFC 6266): the UTF-8 `filename*` when
// present (our exports' Chinese names), else the plain `filename`, else the fallback.
export function fileNameOf(header: string | null | undefined, fallback: string): string {
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header ?? '')?.[1]
  if (encoded) {
    try {
      return safeName(decodeURIComponent(encoded.trim()), fallback)
    } catch {
      // A malformed escape: the plain name below.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header ?? '')
  return safeName((plain?.[1] ?? plain?.[2] ?? '').trim(), fallback)
}

/** No folder part: a name only ever names the file in the user's download folder. */
const safeName = (name: string, fallback: string) => name.replace(/[\\/]/g, '_').trim() || fallback
