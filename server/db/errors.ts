// Driver errors the services react to. Both drivers put the SQLSTATE in error.cause.code under
// Drizzle (design "Reference server"); the bare driver error carries it in error.code.
export function isUniqueViolation(error: unknown): boolean {
  const codeOf = (value: unknown) =>
    typeof value === 'object' && value !== null && 'code' in value ? (value as { code: unknown }).code : null
  const cause = typeof error === 'object' && error !== null && 'cause' in error ? error.cause : null
  return codeOf(error) === '23505' || codeOf(cause) === '23505'
}
