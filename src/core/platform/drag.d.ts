export interface HorizontalDragHandlers {
  /** Called with the distance in screen px from where the drag started. */
  onMove(dx: number): void
  onEnd(): void
}

/** Props to spread on the element the user drags (touch everywhere, mouse too on H5). */
export declare function useHorizontalDrag(handlers: HorizontalDragHandlers): Record<string, unknown>
