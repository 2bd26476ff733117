import type { StateStorage } from 'zustand/middleware'

/** Storage that lasts for one browser session (H5 sessionStorage; memory in the mini-program). */
export declare const sessionStorage: StateStorage
