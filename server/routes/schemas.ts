// JSON schemas shared by routes. Fastify's ajv coerces query strings to the declared types;
// anything that still fails becomes a 400 envelope (server/http/error-handler.ts).
export const integer = { type: 'integer' } as const
export const shortText = (maxLength: number) => ({ type: 'string', maxLength }) as const

export function object<P extends Record<string, unknown>>(
  properties: P,
  required: (keyof P & string)[] = [],
) {
  return { type: 'object', properties, required } as const
}
