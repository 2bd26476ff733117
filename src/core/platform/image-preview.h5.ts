// H5 image preview: a small overlay of our own. Taro.previewImage on H5 is a swiper-based viewer
// that the build's enforced `taro` chunk would add to every page's first load (~10 KB gzip).

const OVERLAY =
  'position:fixed;top:0;left:0;right:0;bottom:0;z-index:2000;display:flex;align-items:center;' +
  'justify-content:center;background:rgba(0,0,0,.85);'
const IMAGE = 'max-width:92vw;max-height:84vh;object-fit:contain;'
const CONTROL =
  'position:absolute;padding:8px 14px;color:#fff;font-size:28px;line-height:1;cursor:pointer;' +
  'background:rgba(255,255,255,.12);border-radius:4px;user-select:none;'
const COUNTER = 'position:absolute;bottom:16px;left:0;right:0;color:#fff;text-align:center;font-size:14px;'

function control(label: string, text: string, position: string, onClick: () => void) {
  const el = document.createElement('div')
  el.setAttribute('role', 'button')
  el.setAttribute('aria-label', label)
  el.textContent = text
  el.style.cssText = CONTROL + position
  el.addEventListener('click', (event) => {
    event.stopPropagation()
    onClick()
  })
  return el
}

export function previewImages(urls: string[], current: string) {
  if (!urls.length) return
  let index = Math.max(0, urls.indexOf(current))
  const overlay = document.createElement('div')
  overlay.setAttribute('role', 'dialog')
  overlay.setAttribute('aria-modal', 'true')
  overlay.setAttribute('aria-label', '图片预览')
  overlay.style.cssText = OVERLAY
  const image = document.createElement('img')
  image.style.cssText = IMAGE
  image.addEventListener('click', (event) => event.stopPropagation())
  const counter = document.createElement('div')
  counter.style.cssText = COUNTER

  const show = (next: number) => {
    index = (next + urls.length) % urls.length
    image.src = urls[index]
    image.alt = `图片 ${index + 1}`
    counter.textContent = urls.length > 1 ? `${index + 1} / ${urls.length}` : ''
  }
  const close = () => {
    overlay.remove()
    document.removeEventListener('keydown', onKey)
  }
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close()
    else if (event.key === 'ArrowLeft') show(index - 1)
    else if (event.key === 'ArrowRight') show(index + 1)
  }

  overlay.append(image, counter, control('关闭预览', '×', 'top:16px;right:16px;', close))
  if (urls.length > 1) {
    overlay.append(
      control('上一张', '‹', 'left:16px;top:50%;transform:translateY(-50%);', () => show(index - 1)),
      control('下一张', '›', 'right:16px;top:50%;transform:translateY(-50%);', () => show(index + 1)),
    )
  }
  overlay.addEventListener('click', close)
  document.addEventListener('keydown', onKey)
  show(index)
  document.body.appendChild(overlay)
}
