import type { ComponentType } from 'react'

export const RichText: ComponentType<Record<string, unknown>>
