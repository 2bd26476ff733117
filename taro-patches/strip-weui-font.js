// Taro's component stylesheet (taro-components.css, loaded by every H5 page) embeds the weui icon
// font as 6 KB of base64 for its Icon, Checkbox and Radio elements. The console draws none of them
// (core/ui has its own Checkbox), so the font face is dropped from the H5 build: a page that ever
// draws one of those three components gets its glyphs back by removing this loader.
const WEUI_FONT_FACE = /@font-face\s*\{[^}]*font-family:\s*weui[^}]*\}/g

module.exports = function stripWeuiFont(source) {
  return source.replace(WEUI_FONT_FACE, '')
}
