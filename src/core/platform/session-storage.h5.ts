import type { StateStorage } from 'zustand/middleware'

export const sessionStorage: StateStorage = window.sessionStorage
