// H5 uploads (desktop and phone browsers): a hidden file input to pick, XMLHttpRequest to send
// (fetch reports no upload progress).
import { ALLOWED_EXTENSIONS } from '../contract/work-orders'
import type { PickedFile, SendOptions } from './upload'

const ACCEPT = ALLOWED_EXTENSIONS.map((ext) => `.${ext}`).join(',')

export function pickFiles(count: number): Promise<PickedFile[]> {
  return new Promise((resolve) => {
    const input = document.createElement('input')
    input.type = 'file'
    input.accept = ACCEPT
    input.multiple = count > 1
    input.style.display = 'none'
    const done = (files: PickedFile[]) => {
      input.remove()
      resolve(files)
    }
    input.addEventListener('change', () => {
      const files = Array.from(input.files ?? []).map((file) => ({
        name: file.name,
        size: file.size,
        source: file,
      }))
      done(files)
    })
    input.addEventListener('cancel', () => done([]))
    document.body.appendChild(input)
    input.click()
  })
}

export function sendFile(file: PickedFile, { url, token, onProgress }: SendOptions): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const form = new FormData()
    form.append('file', file.source as File, file.name)
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    if (token) xhr.setRequestHeader('token', token)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100))
    }
    xhr.onload = () => {
      try {
        resolve(JSON.parse(xhr.responseText))
      } catch {
        resolve({ code: xhr.status, message: '', data: null })
      }
    }
    xhr.onerror = () => reject(new Error('upload failed'))
    xhr.ontimeout = xhr.onerror
    xhr.send(form)
  })
}
