// Known XSS vectors for test/e2e/hostile-text.spec.ts. Every vector tries to call the trap
// `__xssTrap(<its number>)` (exposed by the spec in every frame), so any execution is observable,
// and carries a visible marker `[x001]` outside any tag so the spec can see that the text around
// the attack was stored and shown. Families: script tags, event handlers, javascript: and data:
// URLs, SVG and MathML, entity and encoding tricks, CSS, parser breakouts (mutation XSS).

export type VectorFamily =
  'script' | 'handler' | 'javascript-url' | 'data-url' | 'svg' | 'encoding' | 'css' | 'breakout'

export interface XssVector {
  id: number
  family: VectorFamily
  /** The HTML written into a rich-text field. */
  payload: string
  /** What must appear as text on the page once the payload is rendered. */
  marker: string
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64')
/** `__xssTrap(n)` as HTML decimal character references. */
const decimalEntities = (text: string) => Array.from(text, (c) => `&#${c.charCodeAt(0)};`).join('')
const charCodes = (text: string) => Array.from(text, (c) => c.charCodeAt(0)).join(',')

// `$T` is the trap call, `$N` the vector's number, `$M` its marker; a template without `$M` gets the
// marker appended.
type Template = (n: number) => string
const TEMPLATES: [VectorFamily, string | Template][] = [
  // ---- script tags ----
  ['script', '<script>$T</script>'],
  ['script', '<SCRIPT>$T</SCRIPT>'],
  ['script', '<ScRiPt>$T</sCrIpT>'],
  ['script', '<script src="data:text/javascript,$T"></script>'],
  ['script', '<script type="module">$T</script>'],
  ['script', '<script/xss>$T</script>'],
  ['script', '<script\ttype="text/javascript">$T</script>'],
  ['script', '<scr<script>ipt>$T</scr</script>ipt>'],
  ['script', '<<script>$T//<</script>'],
  ['script', "<script>eval('\\x5f\\x5fxssTrap($N)')</script>"],
  ['script', '</title><script>$T</script>'],
  ['script', '</textarea><script>$T</script>'],
  ['script', '<template><script>$T</script></template>'],
  ['script', (n) => `<script>eval(String.fromCharCode(${charCodes(`__xssTrap(${n})`)}))</script>`],
  ['script', '<script>setTimeout("$T")</script>'],
  // ---- event handlers ----
  ['handler', '<img src=x onerror=$T>'],
  ['handler', '<img src="x" onerror="$T">'],
  ['handler', '<IMG SRC=x ONERROR=$T>'],
  ['handler', '<img src=x oNeRrOr=$T>'],
  ['handler', '<img/src=x/onerror=$T>'],
  ['handler', '<img src=x onerror\t=$T>'],
  ['handler', '<img src=x onerror\n=$T>'],
  ['handler', '<img src=`x` onerror=$T>'],
  ['handler', '<img src=x onerror=window["__xss"+"Trap"]($N)>'],
  ['handler', (n) => `<img src=x onerror=eval(atob('${b64(`__xssTrap(${n})`)}'))>`],
  ['handler', '<img src=x onerror=setTimeout("$T")>'],
  ['handler', '<img srcset=x onerror=$T>'],
  ['handler', '<picture><source srcset=x><img src=x onerror=$T></picture>'],
  ['handler', '<body onload=$T>'],
  ['handler', '<body onpageshow=$T>'],
  ['handler', '<frameset onload=$T>'],
  ['handler', '<svg onload=$T>'],
  ['handler', '<svg/onload=$T>'],
  ['handler', '<input autofocus onfocus=$T>'],
  ['handler', '<select autofocus onfocus=$T></select>'],
  ['handler', '<textarea autofocus onfocus=$T></textarea>'],
  ['handler', '<keygen autofocus onfocus=$T>'],
  ['handler', '<video><source onerror=$T></video>'],
  ['handler', '<audio src=x onerror=$T></audio>'],
  ['handler', '<video poster=x onerror=$T></video>'],
  ['handler', '<details open ontoggle=$T><summary>s</summary></details>'],
  ['handler', '<marquee onstart=$T>m</marquee>'],
  ['handler', '<div onmouseover=$T>hover</div>'],
  ['handler', '<p onclick=$T>click</p>'],
  ['handler', '<button onclick=$T>b</button>'],
  ['handler', '<iframe src=/ onload=$T></iframe>'],
  ['handler', '<object data=x onerror=$T></object>'],
  ['handler', '<input type=image src=x onerror=$T>'],
  ['handler', '<img src=x onerror=\\u005f\\u005fxssTrap($N)>'],
  ['handler', '<div style="animation-name:spin" onanimationstart=$T>a</div>'],
  ['handler', '<html onmouseover=$T>'],
  // ---- javascript: URLs ----
  ['javascript-url', '<a href="javascript:$T">$M</a>'],
  ['javascript-url', '<a href=javascript:$T>$M</a>'],
  ['javascript-url', '<a href="JaVaScRiPt:$T">$M</a>'],
  ['javascript-url', '<a href=" javascript:$T">$M</a>'],
  ['javascript-url', '<a href="\tjavascript:$T">$M</a>'],
  ['javascript-url', '<a href="java\tscript:$T">$M</a>'],
  ['javascript-url', '<a href="java&#x09;script:$T">$M</a>'],
  ['javascript-url', '<a href="jav&#x0A;ascript:$T">$M</a>'],
  ['javascript-url', (n) => `<a href="${decimalEntities('javascript:')}__xssTrap(${n})">$M</a>`],
  ['javascript-url', '<a href="&#x6A;avascript:$T">$M</a>'],
  ['javascript-url', '<a href="&#0000106avascript:$T">$M</a>'],
  ['javascript-url', '<a href="javascript&colon;$T">$M</a>'],
  ['javascript-url', '<a href="javascript&#58$T">$M</a>'],
  ['javascript-url', '<a href="javascript:%5F%5FxssTrap($N)">$M</a>'],
  ['javascript-url', '<a href="javascript://%0a$T">$M</a>'],
  ['javascript-url', '<a href="vbscript:$T">$M</a>'],
  ['javascript-url', '<iframe src="javascript:$T"></iframe>'],
  ['javascript-url', '<img src="javascript:$T">'],
  ['javascript-url', '<form action="javascript:$T"><input type=submit></form>'],
  ['javascript-url', '<form><button formaction="javascript:$T">f</button></form>'],
  ['javascript-url', '<embed src="javascript:$T"></embed>'],
  ['javascript-url', '<object data="javascript:$T"></object>'],
  ['javascript-url', '<table background="javascript:$T"><tr><td>t</td></tr></table>'],
  ['javascript-url', '<base href="javascript:$T//">'],
  ['javascript-url', '<meta http-equiv="refresh" content="0;url=javascript:$T">'],
  ['javascript-url', '<isindex action="javascript:$T" type=image>'],
  // ---- data: URLs ----
  ['data-url', '<a href="data:text/html,<script>$T</script>">$M</a>'],
  ['data-url', (n) => `<a href="data:text/html;base64,${b64(`<script>__xssTrap(${n})</script>`)}">$M</a>`],
  [
    'data-url',
    (n) => `<iframe src="data:text/html;base64,${b64(`<script>__xssTrap(${n})</script>`)}"></iframe>`,
  ],
  [
    'data-url',
    (n) => `<object data="data:text/html;base64,${b64(`<script>__xssTrap(${n})</script>`)}"></object>`,
  ],
  [
    'data-url',
    (n) =>
      `<embed src="data:image/svg+xml;base64,${b64(`<svg xmlns="http://www.w3.org/2000/svg" onload="__xssTrap(${n})"/>`)}"></embed>`,
  ],
  ['data-url', '<img src="data:image/svg+xml,<svg onload=$T>">'],
  ['data-url', '<script src="data:,$T"></script>'],
  ['data-url', '<iframe srcdoc="<script>$T</script>"></iframe>'],
  ['data-url', '<iframe srcdoc="&lt;img src=x onerror=$T&gt;"></iframe>'],
  [
    'data-url',
    (n) =>
      `<meta http-equiv="refresh" content="0;url=data:text/html;base64,${b64(`<script>__xssTrap(${n})</script>`)}">`,
  ],
  ['data-url', '<link rel=stylesheet href="data:text/css,body{background:url(javascript:$T)}">'],
  // ---- SVG and MathML ----
  ['svg', '<svg><script>$T</script></svg>'],
  ['svg', '<svg><script href="data:,$T"/></svg>'],
  ['svg', '<svg><animate onbegin=$T attributeName=x dur=1s></svg>'],
  ['svg', '<svg><set onbegin=$T attributeName=x to=1></svg>'],
  ['svg', '<svg><a><animate attributeName=href values=javascript:$T /><text x=20 y=20>$M</text></a></svg>'],
  ['svg', '<svg><a xlink:href="javascript:$T"><text x=20 y=20>$M</text></a></svg>'],
  ['svg', '<svg><foreignObject><img src=x onerror=$T></foreignObject></svg>'],
  ['svg', '<svg><image href=x onerror=$T></svg>'],
  ['svg', '<svg><style>@import"javascript:$T"</style></svg>'],
  ['svg', '<svg><title><![CDATA[</title><script>$T</script>]]></title></svg>'],
  ['svg', '<svg></p><style><a id="</style><img src=x onerror=$T>"></svg>'],
  [
    'svg',
    '<math><mtext><table><mglyph><style><img src=x onerror=$T></style></mglyph></table></mtext></math>',
  ],
  ['svg', '<math><maction actiontype="statusline" xlink:href="javascript:$T">m</maction></math>'],
  ['svg', '<math href="javascript:$T">m</math>'],
  // ---- entity and encoding tricks ----
  ['encoding', '&lt;script&gt;$T&lt;/script&gt;'],
  ['encoding', (n) => `<img src=x onerror="${decimalEntities(`__xssTrap(${n})`)}">`],
  ['encoding', '<img src=x onerror="&#x5f;&#x5f;xssTrap($N)">'],
  ['encoding', '<a href="&#x26;#x6A;avascript:$T">$M</a>'],
  ['encoding', '%3Cscript%3E$T%3C%2Fscript%3E'],
  ['encoding', '\\u003cscript\\u003e$T\\u003c/script\\u003e'],
  ['encoding', '＜script＞$T＜/script＞'],
  ['encoding', '+ADw-script+AD4-$T+ADw-/script+AD4-'],
  ['encoding', '<!--<img src="--><img src=x onerror=$T//">'],
  ['encoding', '<!-- --!><img src=x onerror=$T> -->'],
  ['encoding', '<![CDATA[<script>$T</script>]]>'],
  ['encoding', '<? foo="><script>$T</script>">'],
  ['encoding', '<noscript><p title="</noscript><img src=x onerror=$T>"></noscript>'],
  ['encoding', '<img src="x` `<script>$T</script>"` `>'],
  ['encoding', '<img """><script>$T</script>">'],
  // ---- CSS ----
  ['css', '<div style="background:url(javascript:$T)">$M</div>'],
  ['css', '<div style="width:expression($T)">$M</div>'],
  ['css', '<div style="x:\\65xpression($T)">$M</div>'],
  ['css', '<xss style="xss:expression($T)">$M</xss>'],
  ['css', '<div style="behavior:url(data:text/x-component,$T)">$M</div>'],
  ['css', '<div style="-moz-binding:url(data:text/xml,$T)">$M</div>'],
  ['css', '<div style="background-image:url(&#1;javascript:$T)">$M</div>'],
  ['css', `<div style="background:url('data:image/svg+xml,<svg onload=$T>')">$M</div>`],
  ['css', '<style>body{background:url("javascript:$T")}</style>'],
  ['css', '<style>@import "javascript:$T";</style>'],
  ['css', '<style>*{x:expression($T)}</style>'],
  ['css', '<link rel=stylesheet href="javascript:$T">'],
  ['css', `<p style="font-family:'</style><script>$T</script>'">$M</p>`],
  ['css', '<div style=";color:red;\\" onmouseover=$T">$M</div>'],
  // ---- breakouts and mutation XSS ----
  ['breakout', '"><script>$T</script>'],
  ['breakout', "'><img src=x onerror=$T>"],
  ['breakout', '</p><img src=x onerror=$T>'],
  ['breakout', '</div></div><svg onload=$T>'],
  ['breakout', '<xmp><img src=x onerror=$T></xmp>'],
  ['breakout', '<listing>&lt;img src=x onerror=$T&gt;</listing>'],
  [
    'breakout',
    '<form><math><mtext></form><form><mglyph><svg><mtext><textarea><path id="</textarea><img src=x onerror=$T>"></textarea></mtext></svg></mglyph></form></mtext></math></form>',
  ],
  ['breakout', '<a id=x tabindex=1 onfocusin=$T></a>'],
  ['breakout', '<iframe src="/notices" onload=$T></iframe>'],
  ['breakout', '{{constructor.constructor("$T")()}}'],
  ['breakout', '${$T}'],
  // Unclosed: the marker goes first, or the tag would hold it.
  ['breakout', '$M <img src=x onerror=$T//'],
]

export const trapCall = (n: number) => `__xssTrap(${n})`
export const markerOf = (n: number) => `[x${String(n).padStart(3, '0')}]`

export const XSS_CORPUS: XssVector[] = TEMPLATES.map(([family, template], index) => {
  const id = index + 1
  const raw = typeof template === 'function' ? template(id) : template
  const filled = raw.replaceAll('$T', trapCall(id)).replaceAll('$N', String(id))
  const marker = markerOf(id)
  const payload = filled.includes('$M') ? filled.replaceAll('$M', marker) : `${filled} ${marker}`
  return { id, family, payload, marker }
})

/**
 * Vectors short enough for names (at most 32 characters, no marker: the whole text must show as
 * text). Each calls the trap with a letter so a hit names the vector.
 */
export const SHORT_VECTORS: string[] = [
  '<script>__xssTrap(1)</script>',
  '<img src=x onerror=__xssTrap(2)>',
  '<svg onload=__xssTrap(3)>',
  '"><svg/onload=__xssTrap(4)>',
  "'><svg/onload=__xssTrap(5)>",
  '<b onclick=__xssTrap(6)>b</b>',
  '<a href=javascript:__xssTrap(7)>',
  '</p><svg onload=__xssTrap(8)>',
  '<iframe src=javascript:alert(9)>',
  '<body onload=__xssTrap(10)>',
  '<details open ontoggle=alert(1)>',
  '<input autofocus onfocus=alert()',
  '&lt;script&gt;__xssTrap(13)',
  '&#60;svg onload=alert(14)&#62;',
  '{{constructor.constructor(1)()}}',
  '<style>*{color:red}</style>16',
  '<math href=javascript:alert(17)>',
  '＜script＞__xssTrap(18)＜/script＞',
  '<svg><script>alert(19)</script>',
  '${__xssTrap(20)}<img src=x>',
]

/**
 * Vectors that pass the mailbox rule (one mailbox: no whitespace and none of `,;:<>()[]\\"` before the
 * @, src/core/validation/rules.ts isMailbox): the domain is added per run. Markup-shaped ones are
 * refused outright (MAILBOX_REFUSED).
 */
export const MAILBOX_VECTORS: string[] = [
  '&#60svg/onload=__xssTrap`1`&#62',
  '＜img/src=x/onerror=__xssTrap`2`＞',
  '{{constructor.constructor`3`}}',
  "'-__xssTrap`4`-'",
  'javascript/__xssTrap`5`//',
]

/** Markup in a mailbox: refused by the server (请输入正确的邮箱), never stored. */
export const MAILBOX_REFUSED: string[] = [
  '<svg/onload=__xssTrap(1)>',
  '"><img/src=x/onerror=__xssTrap(2)>',
  'javascript:__xssTrap(5)//',
]
