// Three jest projects: pure rules (node), components (jsdom with Taro's H5 components),
// API (Fastify inject against in-memory PGlite). The weapp build is checked by scripts/verify-weapp.mjs.
const transform = { '^.+\\.(t|j|mj)sx?$': ['babel-jest', { configFile: './babel.jest.config.js' }] }
// Platform files: jest renders the H5 variant of `x.h5.ts` / `x.weapp.ts` pairs.
const moduleFileExtensions = ['h5.tsx', 'h5.ts', 'tsx', 'ts', 'js', 'cjs', 'mjs', 'json']

// Taro's H5 runtime ships ES modules; let babel compile them.
const esmPackages = [
  '@tarojs',
  '@stencil',
  'swiper',
  'ssr-window',
  'dom7',
  'query-string',
  'decode-uri-component',
  'split-on-first',
  'filter-obj',
  'lodash-es',
  'nanoid',
  'taro-ui',
  '\\.pnpm',
  'style-inject',
  'tslib',
]
// file-type (magic bytes of uploads) and its dependencies are ES modules only.
const serverEsmPackages = [
  'file-type',
  '@tokenizer',
  'strtok3',
  'token-types',
  '@borewit',
  'uint8array-extras',
  // otplib's base32 and HMAC plugins.
  '@scure',
  '@noble',
]

module.exports = {
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/unit/**/*.test.ts'],
      transform,
      moduleFileExtensions,
      // Rules that reach server modules reach their ES-module-only packages too.
      transformIgnorePatterns: [`/node_modules/(?!(${serverEsmPackages.join('|')})/)`],
    },
    {
      displayName: 'component',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/test/component/**/*.test.tsx'],
      transform,
      moduleFileExtensions,
      transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
      moduleNameMapper: {
        '\\.(css|scss|sass)$': '<rootDir>/test/shims/style.js',
        '^@tarojs/components$': '<rootDir>/test/shims/taro-components.ts',
        '^@tarojs/taro$': '<rootDir>/test/shims/taro.ts',
      },
      setupFiles: ['<rootDir>/test/shims/globals.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/component/support/setup.ts'],
      globals: {
        ENABLE_INNER_HTML: true,
        ENABLE_ADJACENT_HTML: true,
        ENABLE_SIZE_APIS: true,
        ENABLE_TEMPLATE_CONTENT: true,
        ENABLE_MUTATION_OBSERVER: true,
        ENABLE_CLONE_NODE: true,
        ENABLE_CONTAINS: true,
        DEPRECATED_ADAPTER_COMPONENT: false,
        __TARO_FRAMEWORK__: 'react',
      },
    },
    {
      displayName: 'api',
      // Hands PGlite and `cookie` from the host context to the tests (its header says why).
      testEnvironment: '<rootDir>/test/api/support/pglite-environment.ts',
      setupFilesAfterEnv: ['<rootDir>/test/api/support/setup.ts'],
      testMatch: ['<rootDir>/test/api/**/*.test.ts'],
      transform,
      moduleFileExtensions,
      transformIgnorePatterns: [`/node_modules/(?!(${serverEsmPackages.join('|')})/)`],
    },
  ],
}
