import type { ComponentType } from 'react'

export function createLazyComponent(
  tagName: string,
  define: () => void,
): ComponentType<Record<string, unknown>>
