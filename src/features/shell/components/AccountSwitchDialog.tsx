import { Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { AtModal, AtModalContent, AtModalHeader } from 'taro-ui'
import { Button } from '../../../core/ui/Button'
import { PageLoading } from '../../../core/ui/PageLoading'
import { shellApi, type AccountListItem } from '../api'
import { roleLabel } from '../../../core/session/role'
import { switchToAccount } from '../switch'

type ListState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; items: AccountListItem[] }

/** The switch list: every role this phone holds, with related sites; 已选择 marks the current one. */
export function AccountSwitchDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const [list, setList] = useState<ListState>({ status: 'loading' })
  const [switching, setSwitching] = useState<string>('')

  const load = () => {
    setList({ status: 'loading' })
    shellApi
      .accountList()
      .then((items) => setList({ status: 'ready', items }))
      .catch(() => setList({ status: 'error' }))
  }
  useEffect(() => {
    if (open) load()
  }, [open])

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
    <AtModal isOpened={open} onClose={onClose} className='account-switch'>
      <AtModalHeader>切换账号</AtModalHeader>
      <AtModalContent>
        {list.status === 'loading' && <PageLoading />}
        {list.status === 'error' && (
          <View className='account-switch__empty'>
            <Text>账号列表加载失败</Text>
            <Button size='small' onClick={load}>
              重试
            </Button>
          </View>
        )}
        {list.status === 'ready' && !list.items.length && (
          <View className='account-switch__empty'>暂无可切换的账号</View>
        )}
        {list.status === 'ready' &&
          list.items.map((item) => {
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
      </AtModalContent>
    </AtModal>
  )
}
