import type { ComponentType } from 'react'

export const Textarea: ComponentType<Record<string, unknown>>
