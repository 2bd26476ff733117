import { View } from '@tarojs/components'
import { useCallback, useEffect, useState } from 'react'
import { Button } from '../../../core/ui/Button'
import { SettingRow } from '../../../core/ui/SettingRow'
import { ConfirmDialog } from '../../../core/ui/ConfirmDialog'
import { toast } from '../../../core/ui/toast'
import { wechatBindingApi } from '../api'
import { currentOwner } from '../owner'
import { WECHAT_TEXT } from '../rules'
import { runSensitive } from '../sensitive'
import { BindWechatDialog } from './BindWechatDialog'
import { ChangeWechatDialog } from './ChangeWechatDialog'
import './wechat-binding.scss'

type Bound = 'loading' | 'failed' | boolean
type Dialog = 'bind' | 'change' | 'unbind' | null

/** 微信 row of the account settings (account-area §2): loads its own state, runs its own dialogs. */
export function WechatBindingSection() {
  const [bound, setBound] = useState<Bound>('loading')
  const [dialog, setDialog] = useState<Dialog>(null)
  const [unbinding, setUnbinding] = useState(false)

  const load = useCallback(() => {
    setBound('loading')
    wechatBindingApi
      .status()
      .then((answer) => setBound(answer.bound))
      .catch(() => setBound('failed'))
  }, [])
  useEffect(load, [load])

  const closeDialog = useCallback(
    (changed: boolean) => {
      setDialog(null)
      if (changed) load()
    },
    [load],
  )

  const unbind = async () => {
    setDialog(null)
    setUnbinding(true)
    try {
      await runSensitive(() => wechatBindingApi.unbind(currentOwner()))
      toast.success(WECHAT_TEXT.unbound)
      load()
    } catch {
      // The request wrapper has shown the server's message; a closed re-verification needs none.
    } finally {
      setUnbinding(false)
    }
  }

  const state =
    bound === 'loading' ? '加载中...' : bound === 'failed' ? '加载失败' : bound ? '已绑定' : '未绑定'
  return (
    <>
      <SettingRow
        label='微信'
        value={state}
        actions={
          <View className='wechat-binding__actions'>
            {bound === 'failed' && (
              <Button size='small' className='setting-row__action' onClick={load}>
                重试
              </Button>
            )}
            {bound === false && (
              <Button size='small' className='setting-row__action' onClick={() => setDialog('bind')}>
                绑定
              </Button>
            )}
            {bound === true && (
              <>
                <Button size='small' className='setting-row__action' onClick={() => setDialog('change')}>
                  更换
                </Button>
                <Button
                  size='small'
                  className='setting-row__action'
                  loading={unbinding}
                  onClick={() => setDialog('unbind')}
                >
                  解绑
                </Button>
              </>
            )}
          </View>
        }
      />
      {dialog === 'bind' && <BindWechatDialog onClose={closeDialog} />}
      {dialog === 'change' && <ChangeWechatDialog onClose={closeDialog} />}
      <ConfirmDialog
        open={dialog === 'unbind'}
        title='解绑微信'
        message={WECHAT_TEXT.unbindConfirm}
        confirmText='解绑'
        onConfirm={unbind}
        onCancel={() => setDialog(null)}
      />
    </>
  )
}
