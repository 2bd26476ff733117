import { Image, Text, View } from '@tarojs/components'
import type { WorkOrderFile } from '../../../core/contract/work-orders'
import { apiUrl } from '../../../core/http/request'
import { previewImages } from '../../../core/platform/image-preview'
import { openDocument } from '../../../core/platform/links'
import { isImageFile } from '../rules'

interface FileListProps {
  files: WorkOrderFile[]
  label?: string
  className?: string
}

/** Files of a work order or a record: images open the previewer, other files the document viewer. */
export function FileList({ files, label = '附件', className = '' }: FileListProps) {
  if (!files.length) return null
  // The server hands out '/api/…' addresses: the mini-program's <Image> and previewer need them whole.
  const images = files.filter((f) => isImageFile(f.fileName)).map((f) => apiUrl(f.fileUrl))
  return (
    <View className={`wo-detail-files ${className}`.trim()} aria-label={label}>
      {files.map((file) =>
        isImageFile(file.fileName) ? (
          <Image
            key={file.fileId}
            className='wo-detail-files__image'
            src={apiUrl(file.fileUrl)}
            mode='aspectFill'
            aria-label={`预览 ${file.fileName}`}
            nativeProps={{ alt: file.fileName }}
            onClick={() => previewImages(images, apiUrl(file.fileUrl))}
          />
        ) : (
          <View
            key={file.fileId}
            className='wo-detail-files__file'
            role='link'
            aria-label={`打开 ${file.fileName}`}
            onClick={() => openDocument(file.fileUrl)}
          >
            <Text>{file.fileName}</Text>
          </View>
        ),
      )}
    </View>
  )
}

/** One kind of the order's files under 工单信息, named as the fields are (附件, 营业执照扫描件…). */
export function FileGroup({ files, label }: { files: WorkOrderFile[]; label: string }) {
  if (!files.length) return null
  return (
    <View className='wo-detail__row'>
      <Text className='wo-detail__label'>{label}</Text>
      <FileList className='wo-detail__value' files={files} label={label} />
    </View>
  )
}
