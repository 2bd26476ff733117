import type { PngDrawing, SaveOutcome } from './save-image'

/** H5 draws on a detached canvas: nothing to render on the page. */
export function PngCanvas(_props: { id: string; width: number; height: number }) {
  return null
}

function loadImage(src: string): Promise<CanvasImageSource> {
  return new Promise((resolve, reject) => {
    const image = new Image()
    image.onload = () => resolve(image)
    image.onerror = () => reject(new Error('image failed to load'))
    image.src = src
  })
}

export async function drawPng(
  _canvasId: string,
  width: number,
  height: number,
  draw: (drawing: PngDrawing) => Promise<void>,
): Promise<string> {
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error('no 2d canvas')
  await draw({ ctx, loadImage })
  return canvas.toDataURL('image/png')
}

export async function saveImage(src: string, fileName: string): Promise<SaveOutcome> {
  const link = document.createElement('a')
  link.href = src
  link.download = fileName
  link.style.display = 'none'
  document.body.appendChild(link)
  link.click()
  link.remove()
  return 'saved'
}
