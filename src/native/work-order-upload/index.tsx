import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { useSession } from '../../core/session/store'
import { ToastHost } from '../../core/ui/ToastHost'
import { AttachmentField, type AttachedFile } from '../../features/work-orders/components/AttachmentField'

// The upload sends the session's token like every call.
useSession.setState({ token: 'weapp-token' })

/** Test entry: a work-order upload field (the weapp upload adapter behind it), its files, the toasts. */
export default function WorkOrderUploadEntry() {
  const [files, setFiles] = useState<AttachedFile[]>([])
  return (
    <View>
      <AttachmentField label='附件' files={files} onChange={setFiles} />
      {files.map((file) => (
        <Text key={file.fileId} className='uploaded-file'>
          {`${file.fileId}:${file.fileName}`}
        </Text>
      ))}
      <ToastHost />
    </View>
  )
}
