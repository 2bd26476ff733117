// Used by the Taro build. Jest uses babel.jest.config.js.
module.exports = {
  presets: [['taro', { framework: 'react', ts: true, compiler: 'webpack5' }]],
}
