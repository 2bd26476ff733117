import type { ComponentType } from 'react'

export const Image: ComponentType<Record<string, unknown>>
