// Token discipline for our SCSS: every colour comes from src/styles/_tokens.scss (named for its role,
// checked there for contrast), so no stylesheet writes a colour of its own. Run by `npm test`
// (scripts/test-all.mjs, step `stylelint`).
export default {
  customSyntax: 'postcss-scss',
  plugins: ['stylelint-scss'],
  rules: {
    'color-no-hex': true,
    'color-named': 'never',
    // Sass's own at-rules (@use, @include, @mixin…) are known; a misspelt one fails here, not in the build.
    'scss/at-rule-no-unknown': true,
  },
  overrides: [
    {
      // The tokens file is where the colour values are written, once each.
      files: ['src/styles/_tokens.scss'],
      rules: { 'color-no-hex': null },
    },
  ],
}
