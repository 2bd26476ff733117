import type { ComponentType } from 'react'

export function createComponent(
  tagName: string,
  defineCustomElement?: () => void,
): ComponentType<Record<string, unknown>>
export function createLazyComponent(
  tagName: string,
  define: () => void,
): ComponentType<Record<string, unknown>>
