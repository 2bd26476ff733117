import type { ComponentType } from 'react'

export const Input: ComponentType<Record<string, unknown>>
export const Label: ComponentType<Record<string, unknown>>
