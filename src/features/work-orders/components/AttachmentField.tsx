import { Text, View } from '@tarojs/components'
import { Button } from '../../../core/ui/Button'
import { LabelledField } from '../../../core/ui/LabelledField'
import { MAX_FILES_PER_FIELD } from '../../../core/contract/work-orders'
import { useUpload } from '../hooks/useUpload'

export interface AttachedFile {
  fileId: string
  fileName: string
  url: string
}

interface AttachmentFieldProps {
  label: string
  required?: boolean
  files: AttachedFile[]
  error?: string | null
  onChange(files: AttachedFile[]): void
}

/** One upload field: its files (removable), 上传附件 with progress, and the field's message. */
export function AttachmentField({ label, required, files, error, onChange }: AttachmentFieldProps) {
  const upload = useUpload()
  const add = async () => {
    const added = await upload.add(files.length)
    if (added.length)
      onChange([...files, ...added.map((f) => ({ fileId: f.fileId, fileName: f.fileName, url: f.url }))])
  }
  return (
    <LabelledField
      label={label}
      required={required}
      group
      className='wo-upload'
      hint='支持 rar、zip、doc、docx、pdf、jpg、png、jpeg，单个不超过5MB，最多5个'
      error={error}
    >
      <View className='wo-files'>
        {files.map((file) => (
          <View key={file.fileId} className='wo-files__item'>
            <Text className='wo-files__name'>{file.fileName}</Text>
            <View
              role='button'
              aria-label={`移除 ${file.fileName}`}
              className='wo-files__remove'
              onClick={() => onChange(files.filter((f) => f.fileId !== file.fileId))}
            >
              ×
            </View>
          </View>
        ))}
        {upload.progress.map((p) => (
          <View
            key={p.name}
            className='wo-files__item wo-files__item--busy'
            role='progressbar'
            aria-valuenow={p.percent}
          >
            <Text className='wo-files__name'>
              {p.name} 上传中 {p.percent}%
            </Text>
          </View>
        ))}
      </View>
      <Button size='small' disabled={upload.busy || files.length >= MAX_FILES_PER_FIELD} onClick={add}>
        上传附件
      </Button>
    </LabelledField>
  )
}
