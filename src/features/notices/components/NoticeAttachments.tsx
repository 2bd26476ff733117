import { Image, Text, View } from '@tarojs/components'
import { previewImages } from '../../../core/platform/image-preview'
import { openDocument } from '../../../core/platform/links'
import type { Attachment } from '../rules'

/** Attachments: images as thumbnails that open the previewer, other files as links. */
export function NoticeAttachments({ files }: { files: Attachment[] }) {
  if (!files.length) return null
  const images = files.filter((f) => f.isImage).map((f) => f.url)
  return (
    <View className='notice-detail__section' aria-label='附件'>
      <View className='notice-detail__section-title'>附件</View>
      <View className='notice-files'>
        {files.map((file, index) =>
          file.isImage ? (
            <Image
              key={`${index}-${file.url}`}
              className='notice-files__image'
              src={file.url}
              mode='aspectFill'
              aria-label={`预览 ${file.name}`}
              nativeProps={{ alt: file.name }}
              onClick={() => previewImages(images, file.url)}
            />
          ) : (
            <View
              key={`${index}-${file.url}`}
              className='notice-files__file'
              role='link'
              aria-label={`打开 ${file.name}`}
              onClick={() => openDocument(file.url)}
            >
              <Text>📎 {file.name}</Text>
            </View>
          ),
        )}
      </View>
    </View>
  )
}
