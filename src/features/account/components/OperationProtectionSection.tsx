import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { Button } from '../../../core/ui/Button'
import { LoadFailed } from '../../../core/ui/ResourceStatus'
import { useResource } from '../../../core/ui/useResource'
import { operationProtectionApi } from '../operation-protection-api'
import { protectionSummary } from '../operation-protection-rules'
import { OperationProtectionDialog } from './OperationProtectionDialog'
import './operation-protection.scss'

/** 操作保护 in 账户管理: how a protected action re-verifies and for how long, and 修改. */
export function OperationProtectionSection() {
  const setting = useResource(operationProtectionApi.get, [])
  const [editing, setEditing] = useState(false)

  // Compact states: the section sits inside a settings row.
  if (setting.status === 'error') return <LoadFailed message={setting.error} onRetry={setting.retry} />
  if (!setting.data) return <Text className='operation-protection__summary'>加载中...</Text>

  const saved = () => {
    setEditing(false)
    void setting.reload()
  }

  return (
    <View className='operation-protection' aria-label='操作保护设置'>
      <Text className='operation-protection__summary'>{protectionSummary(setting.data)}</Text>
      <Button size='small' onClick={() => setEditing(true)}>
        修改
      </Button>
      {editing && (
        <OperationProtectionDialog current={setting.data} onSaved={saved} onClose={() => setEditing(false)} />
      )}
    </View>
  )
}
