import { View } from '@tarojs/components'
import { AtModal, AtModalContent, AtModalHeader } from 'taro-ui'
import { openDocument } from '../../../core/platform/links'
import { Button } from '../../../core/ui/Button'
import '../../../core/ui/dialog-actions.scss'
import '../../invoices/components/billing-forms.scss'
import type { ContractDocs } from '../api'
import { CONTRACT_SIGNED_TEXT } from '../rules'

/** The signed-complete dialog offering the contract file (doc2 §2 dialogs, §4). */
export function ContractSignedDialog({ docs, onClose }: { docs: ContractDocs; onClose(): void }) {
  const file = docs.docs[0]
  return (
    <AtModal isOpened onClose={onClose} className='billing-dialog'>
      <AtModalHeader>签署完成</AtModalHeader>
      <AtModalContent>
        <View role='dialog' aria-label='签署完成'>
          <View className='billing-form__note'>{CONTRACT_SIGNED_TEXT}</View>
          <View className='dialog-actions'>
            <Button onClick={onClose}>关闭</Button>
            {file && (
              <Button type='primary' onClick={() => openDocument(file.fileUrl)}>
                下载合同
              </Button>
            )}
          </View>
        </View>
      </AtModalContent>
    </AtModal>
  )
}
