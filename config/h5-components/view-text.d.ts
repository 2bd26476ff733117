import type { ComponentType, CSSProperties } from 'react'

export function styleObject(style: string): CSSProperties & Record<string, string>
export const View: ComponentType<Record<string, unknown>>
export const Text: ComponentType<Record<string, unknown>>
