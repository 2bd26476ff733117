import { createLazyComponent } from './create.js'

// Taro's textarea counts its lines when it loads and on every input, only to fire `onLineChange`,
// by shrinking itself in a loop until its content overflows. An empty one without a placeholder
// never overflows in current Chromium, and the page hangs. The console listens to no line change,
// so each textarea's count is switched off as it connects (before the element is defined: the
// browser reads its lifecycle callbacks then).
function defineTextarea() {
  const {
    defineCustomElement,
    TaroTextareaCore,
  } = require('@tarojs/components/dist/components/taro-textarea-core.js')
  const { prototype } = TaroTextareaCore
  const connect = prototype.connectedCallback
  if (!customElements.get('taro-textarea-core'))
    prototype.connectedCallback = function connectedCallback() {
      this.handleLineChange = () => {}
      return connect.call(this)
    }
  defineCustomElement()
}

export const Textarea = /*#__PURE__*/ createLazyComponent('taro-textarea-core', defineTextarea)
