// Taro's synchronous storage for node tests of what persists to it (the session store, drafts):
//   jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-storage').taroStorageModule)
// `storage` is what was written, cleared by the test.
export const storage = new Map<string, string>()

const api = {
  getStorageSync: (key: string) => storage.get(key) ?? '',
  setStorageSync: (key: string, value: string) => void storage.set(key, value),
  removeStorageSync: (key: string) => void storage.delete(key),
}

export const taroStorageModule = { __esModule: true, default: api, ...api }
