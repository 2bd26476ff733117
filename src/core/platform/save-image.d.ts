import type { ComponentType } from 'react'

/** What a drawing gets: a 2D context of the PNG's size, and a loader for images to draw on it. */
export interface PngDrawing {
  ctx: CanvasRenderingContext2D
  /** Loads an image (a data: URL or a URL) so it can be drawn with ctx.drawImage. */
  loadImage(src: string): Promise<CanvasImageSource>
}

/**
 * The canvas a PNG is drawn on. H5 draws on a detached <canvas> and renders nothing here; the
 * mini-program needs a hidden <Canvas type="2d"> on the page, found by `id`.
 */
export declare const PngCanvas: ComponentType<{ id: string; width: number; height: number }>

/**
 * Draws a PNG of width × height px. Resolves to something `saveImage` takes: a data: URL on H5,
 * a temporary file path (canvasToTempFilePath) in the mini-program.
 */
export declare function drawPng(
  canvasId: string,
  width: number,
  height: number,
  draw: (drawing: PngDrawing) => Promise<void>,
): Promise<string>

/** 'saved', or 'denied' when the mini-program user refuses the photo album permission. */
export type SaveOutcome = 'saved' | 'denied'

/**
 * Saves a PNG from drawPng: H5 downloads it as `fileName`; the mini-program saves it to the photo
 * album (saveImageToPhotosAlbum), asking for the permission and, once refused, offering the
 * settings page to grant it.
 */
export declare function saveImage(src: string, fileName: string): Promise<SaveOutcome>
