/** Phones are shown masked, keeping the first 3 and last 4 digits (account-area §2). */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return ''
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone
}
