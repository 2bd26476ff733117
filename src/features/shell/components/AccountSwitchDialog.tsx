import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { roleLabel } from '../../../core/session/role'
import { Button } from '../../../core/ui/Button'
import { Dialog } from '../../../core/ui/Dialog'
import { PageLoading } from '../../../core/ui/PageLoading'
import { LoadFailed } from '../../../core/ui/ResourceStatus'
import { useResource } from '../../../core/ui/useResource'
import { shellApi, type AccountListItem } from '../api'
import { switchToAccount } from '../switch'
import './account-menu.scss'

/** The switch list: every role this phone holds, with related sites; 已选择 marks the current one. */
export function AccountSwitchDialog({ onClose }: { onClose(): void }) {
  // Loaded each time the dialog opens (it mounts when opened).
  const list = useResource(() => shellApi.accountList(), [])
  const [switching, setSwitching] = useState<string>('')

  const choose = async (item: AccountListItem) => {
    const key = `${item.accountId}_${item.subAccountId}`
    setSwitching(key)
    try {
      await switchToAccount(item)
      onClose()
    } catch {
      setSwitching('')
    }
  }

  return (
    <Dialog title='切换账号' className='account-switch' onClose={onClose}>
      {list.status === 'loading' && <PageLoading />}
      {list.status === 'error' && <LoadFailed message='账号列表加载失败' onRetry={list.retry} />}
      {list.data && !list.data.length && <View className='account-switch__empty'>暂无可切换的账号</View>}
      {list.data &&
        list.data.map((item) => {
          const key = `${item.accountId}_${item.subAccountId}`
          const current = item.isLogin === 1
          return (
            <View key={key} className='account-switch__item' aria-label={`账号 ${item.memberAccount}`}>
              <View className='account-switch__info'>
                <View className='account-switch__title'>
                  <Text className='account-switch__account'>{item.accountName || item.memberAccount}</Text>
                  <Text className={`role-badge role-badge--${item.role ? 'sub' : 'main'}`}>
                    {roleLabel(item.role)}
                  </Text>
                </View>
                {item.relationSite.map((site) => (
                  <View key={site.siteUrl} className='account-switch__site'>
                    <Text>{site.siteName}</Text>
                    <Text className='account-switch__url'>{site.siteUrl}</Text>
                  </View>
                ))}
              </View>
              <Button
                size='small'
                type={current ? 'secondary' : 'primary'}
                disabled={current || Boolean(switching)}
                loading={switching === key}
                onClick={() => choose(item)}
              >
                {current ? '已选择' : '选择'}
              </Button>
            </View>
          )
        })}
    </Dialog>
  )
}
