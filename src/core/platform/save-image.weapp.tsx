import { Canvas } from '@tarojs/components'
import Taro from '@tarojs/taro'
import type { PngDrawing, SaveOutcome } from './save-image'

const ALBUM_SCOPE = 'scope.writePhotosAlbum'

/** Drawn off screen: Canvas 2D must be in the page, but nobody needs to see it. */
export function PngCanvas({ id, width, height }: { id: string; width: number; height: number }) {
  return (
    <Canvas
      type='2d'
      id={id}
      style={{ position: 'fixed', left: '-9999px', top: 0, width: `${width}px`, height: `${height}px` }}
    />
  )
}

interface MiniCanvas {
  width: number
  height: number
  getContext(kind: '2d'): CanvasRenderingContext2D
  createImage(): { src: string; onload: () => void; onerror: (e: unknown) => void }
}

function findCanvas(id: string): Promise<MiniCanvas> {
  return new Promise((resolve, reject) =>
    Taro.createSelectorQuery()
      .select(`#${id}`)
      .fields({ node: true, size: true })
      .exec(([result]) => (result?.node ? resolve(result.node) : reject(new Error(`no canvas #${id}`)))),
  )
}

let tempFiles = 0

/** Canvas 2D images load from paths: a data: URL is written to a user-data file first. */
async function imagePath(src: string): Promise<string> {
  const match = /^data:image\/\w+;base64,(.*)$/.exec(src)
  if (!match) return src
  const filePath = `${Taro.env.USER_DATA_PATH}/png-canvas-${tempFiles++}.png`
  await new Promise<void>((resolve, reject) =>
    Taro.getFileSystemManager().writeFile({
      filePath,
      data: match[1],
      encoding: 'base64',
      success: () => resolve(),
      fail: reject,
    }),
  )
  return filePath
}

export async function drawPng(
  canvasId: string,
  width: number,
  height: number,
  draw: (drawing: PngDrawing) => Promise<void>,
): Promise<string> {
  const canvas = await findCanvas(canvasId)
  canvas.width = width
  canvas.height = height
  const ctx = canvas.getContext('2d')
  const loadImage = async (src: string) => {
    const path = await imagePath(src)
    return new Promise<CanvasImageSource>((resolve, reject) => {
      const image = canvas.createImage()
      image.onload = () => resolve(image as unknown as CanvasImageSource)
      image.onerror = reject
      image.src = path
    })
  }
  await draw({ ctx, loadImage })
  const { tempFilePath } = await Taro.canvasToTempFilePath({
    canvas: canvas as unknown as Taro.canvasToTempFilePath.Option['canvas'],
    fileType: 'png',
    destWidth: width,
    destHeight: height,
  })
  return tempFilePath
}

/** Once refused, WeChat never asks again: only the settings page can grant the album. */
async function grantedInSettings(): Promise<boolean> {
  const { confirm } = await Taro.showModal({
    title: '提示',
    content: '保存名片需要访问您的相册，请在设置中允许保存到相册',
    confirmText: '去设置',
  })
  if (!confirm) return false
  const { authSetting } = await Taro.openSetting()
  return Boolean(authSetting[ALBUM_SCOPE])
}

export async function saveImage(src: string, _fileName: string): Promise<SaveOutcome> {
  const { authSetting } = await Taro.getSetting()
  if (authSetting[ALBUM_SCOPE] === false && !(await grantedInSettings())) return 'denied'
  try {
    await Taro.saveImageToPhotosAlbum({ filePath: src })
    return 'saved'
  } catch (error) {
    // The first request was refused in WeChat's own prompt.
    const refused = /auth deny|authorize:fail|auth denied/i.test(
      String((error as { errMsg?: string })?.errMsg ?? error),
    )
    if (!refused) throw error
    if (!(await grantedInSettings())) return 'denied'
    await Taro.saveImageToPhotosAlbum({ filePath: src })
    return 'saved'
  }
}
