import type { StateStorage } from 'zustand/middleware'

// A mini-program has no per-tab session: the flags last as long as the app process.
const memory = new Map<string, string>()

export const sessionStorage: StateStorage = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => void memory.set(key, value),
  removeItem: (key) => void memory.delete(key),
}
