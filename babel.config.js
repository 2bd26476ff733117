// Used by the Taro build. Jest uses babel.jest.config.js.
// H5 targets the browsers the console supports (docs/architecture.md "Browsers"): they run async
// functions, classes and optional chaining natively, so none of it is rewritten into helpers. The
// mini-program keeps Taro's default (iOS 9 / Android 5) for old WeChat base libraries.
const H5_TARGETS = { chrome: '80', edge: '80', firefox: '78', safari: '13', ios: '13' }

module.exports = {
  presets: [
    [
      'taro',
      {
        framework: 'react',
        ts: true,
        compiler: 'webpack5',
        ...(process.env.TARO_ENV === 'h5' ? { targets: H5_TARGETS } : {}),
      },
    ],
  ],
}
