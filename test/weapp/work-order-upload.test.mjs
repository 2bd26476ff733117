// The work-order upload field in the mini-program (AttachmentField over core/platform/upload.weapp),
// compiled for weapp and run under miniprogram-simulate. Only WeChat is stubbed: the action sheet,
// chooseMedia / chooseMessageFile and uploadFile (with its progress task).
// Needs: node scripts/build-native-components.mjs. Run: node --test test/weapp/
import { fail, loadComponent, assertBuilt, succeed, texts, until, wx } from './support/simulate.mjs'
import assert from 'node:assert/strict'
import { afterEach, describe, mock, test } from 'node:test'

const component = 'native/work-order-upload/index'
assertBuilt(component)
// Taro's API object binds only the wx methods that exist when it loads: give the simulator's wx them.
for (const name of ['showActionSheet', 'chooseMedia', 'chooseMessageFile', 'uploadFile'])
  wx[name] ??= () => {}
const render = loadComponent(component)

const uploadButton = (comp) =>
  comp.querySelectorAll('.at-button').find((b) => b.dom.textContent === '上传附件')

/** uploadFile answering like /api/workOrderFile/upload, reporting progress through its task. */
function uploadServer(progressSeen) {
  let n = 0
  return (options) => {
    const listeners = []
    setTimeout(() => {
      listeners.forEach((cb) => cb({ progress: 50, totalBytesSent: 1, totalBytesExpectedToSend: 2 }))
      progressSeen.push(50)
      n += 1
      const data = {
        code: 200,
        message: '',
        data: { fileId: `F${n}`, url: `/f/${n}`, fileName: options.formData.fileName, fileSize: 10 },
      }
      succeed(options, { errMsg: 'uploadFile:ok', statusCode: 200, data: JSON.stringify(data) })
    }, 5)
    return { onProgressUpdate: (cb) => listeners.push(cb), abort() {}, offProgressUpdate() {} }
  }
}

describe('weapp: work-order uploads', () => {
  afterEach(() => mock.restoreAll())

  test('documents from a chat: checked, sent as multipart `file` with the token to the absolute API base', async () => {
    mock.method(wx, 'showActionSheet', (options) =>
      succeed(options, { errMsg: 'showActionSheet:ok', tapIndex: 1 }),
    )
    const choose = mock.method(wx, 'chooseMessageFile', (options) =>
      succeed(options, {
        errMsg: 'chooseMessageFile:ok',
        tempFiles: [
          { path: 'wxfile://tmp/a.pdf', size: 1000, name: '合同.pdf', type: 'file' },
          { path: 'wxfile://tmp/b.exe', size: 1000, name: 'tool.exe', type: 'file' },
          { path: 'wxfile://tmp/c.zip', size: 5 * 1024 * 1024 + 1, name: 'big.zip', type: 'file' },
        ],
      }),
    )
    const progress = []
    const upload = mock.method(wx, 'uploadFile', uploadServer(progress))
    const comp = await render('.wo-upload')
    uploadButton(comp).dispatchEvent('tap')
    const [uploaded] = await until(
      () => texts(comp, 'uploaded-file').length && texts(comp, 'uploaded-file'),
      'uploaded file',
    )

    assert.equal(uploaded, 'F1:合同.pdf')
    assert.deepEqual(choose.mock.calls[0].arguments[0].extension, [
      'rar',
      'zip',
      'doc',
      'docx',
      'pdf',
      'jpg',
      'png',
      'jpeg',
    ])
    assert.equal(choose.mock.calls[0].arguments[0].count, 5)
    assert.equal(upload.mock.callCount(), 1, 'the refused files are never sent')
    const [options] = upload.mock.calls[0].arguments
    assert.match(options.url, /^https?:\/\/[^/]+\/api\/workOrderFile\/upload$/)
    assert.equal(options.name, 'file')
    assert.equal(options.filePath, 'wxfile://tmp/a.pdf')
    assert.deepEqual(options.header, { token: 'weapp-token' })
    assert.deepEqual(progress, [50])
    const errors = texts(comp, 'toast--error')
    assert.ok(errors.includes('文件格式不支持'), errors.join())
    assert.ok(errors.includes('上传文件大小不能超过5MB!'), errors.join())
    comp.detach()
  })

  test('images from the album; a failed upload says 上传失败，请重新上传！', async () => {
    mock.method(wx, 'showActionSheet', (options) =>
      succeed(options, { errMsg: 'showActionSheet:ok', tapIndex: 0 }),
    )
    const media = mock.method(wx, 'chooseMedia', (options) =>
      succeed(options, {
        errMsg: 'chooseMedia:ok',
        tempFiles: [{ tempFilePath: 'wxfile://tmp/shot.png', size: 2000, fileType: 'image' }],
      }),
    )
    mock.method(wx, 'uploadFile', (options) => {
      fail(options, 'uploadFile:fail network')
      return { onProgressUpdate() {}, abort() {}, offProgressUpdate() {} }
    })
    const comp = await render('.wo-upload')
    uploadButton(comp).dispatchEvent('tap')
    // Toasts of the previous test may still be shown (they last 5 s): wait for this one.
    await until(() => texts(comp, 'toast--error').includes('上传失败，请重新上传！'), 'toast')
    assert.deepEqual(media.mock.calls[0].arguments[0].mediaType, ['image'])
    assert.deepEqual(texts(comp, 'uploaded-file'), [])
    comp.detach()
  })

  test('cancelling the picker does nothing', async () => {
    mock.method(wx, 'showActionSheet', (options) => fail(options, 'showActionSheet:fail cancel'))
    const upload = mock.method(wx, 'uploadFile', () => ({}))
    const comp = await render('.wo-upload')
    const before = texts(comp, 'toast').length
    uploadButton(comp).dispatchEvent('tap')
    await new Promise((resolve) => setTimeout(resolve, 50))
    assert.equal(upload.mock.callCount(), 0)
    assert.ok(texts(comp, 'toast').length <= before, 'no new toast')
    comp.detach()
  })
})
