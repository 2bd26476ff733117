/** ¥ with 2 decimals (doc2 §2): order lines, totals, invoice amounts; what is no number shows ¥0.00. */
export function yuan(amount: string | number | null | undefined): string {
  const value = Number(amount)
  return `¥${(Number.isFinite(value) ? value : 0).toFixed(2)}`
}
