/** True when the layout should be the desktop one (width >= breakpoint px). */
export declare function useIsDesktop(breakpoint?: number): boolean
