import type { ComponentType, CSSProperties } from 'react'

export function styleObject(style: string): CSSProperties & Record<string, string>
export function domProps(props: Record<string, unknown>, dropped: Set<string>): Record<string, unknown>
export const View: ComponentType<Record<string, unknown>>
export const Text: ComponentType<Record<string, unknown>>
