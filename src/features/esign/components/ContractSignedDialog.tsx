import { View } from '@tarojs/components'
import { openDocument } from '../../../core/platform/links'
import { Button } from '../../../core/ui/Button'
import { Dialog } from '../../../core/ui/Dialog'
import '../../../core/ui/dialog-actions.scss'
import type { ContractDocs } from '../api'
import { CONTRACT_SIGNED_TEXT } from '../rules'

/** The signed-complete dialog offering the contract file (doc2 §2 dialogs, §4). */
export function ContractSignedDialog({ docs, onClose }: { docs: ContractDocs; onClose(): void }) {
  const file = docs.docs[0]
  return (
    <Dialog title='签署完成' note={CONTRACT_SIGNED_TEXT} onClose={onClose}>
      <View className='dialog-actions'>
        <Button onClick={onClose}>关闭</Button>
        {file && (
          <Button type='primary' onClick={() => openDocument(file.fileUrl)}>
            下载合同
          </Button>
        )}
      </View>
    </Dialog>
  )
}
