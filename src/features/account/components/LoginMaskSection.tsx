import { Text, View } from '@tarojs/components'
import { useCallback, useEffect, useState, type ReactNode } from 'react'
import { Button } from '../../../core/ui/Button'
import { FieldError } from '../../../core/ui/FieldError'
import { TextField } from '../../../core/ui/TextField'
import { splitMask } from '../../../core/validation/account'
import { accountApi } from '../api'
import { useAccountChange } from '../hooks/useAccountChange'
import { checkMaskEntries, entriesWithCurrentIp, maskPayload } from '../rules'

type Load =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; enabled: boolean; ips: string[] }

/**
 * 登录掩码 (§2, §4, §5; main account only): the switch and the IPv4 list. Turning it on offers the
 * current address first (the server refuses a list without it); turning it off saves at once.
 */
export function LoginMaskSection() {
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const [currentIp, setCurrentIp] = useState('')
  const [editing, setEditing] = useState(false)
  const [entries, setEntries] = useState<string[]>([''])
  const [entryError, setEntryError] = useState('')
  const change = useAccountChange()

  const reload = useCallback(() => {
    setLoad({ status: 'loading' })
    Promise.all([accountApi.loginMask(), accountApi.clientIp()])
      .then(([mask, client]) => {
        setCurrentIp(client.ip)
        setLoad({ status: 'ready', enabled: mask.status === 0, ips: splitMask(mask.ip) })
      })
      .catch(() => setLoad({ status: 'failed' }))
  }, [])
  useEffect(reload, [reload])

  if (load.status === 'loading') return <MaskRow>加载中...</MaskRow>
  if (load.status === 'failed') {
    return (
      <MaskRow>
        <Text>加载失败</Text>
        <Button size='small' onClick={reload}>
          重试
        </Button>
      </MaskRow>
    )
  }

  const switchedOn = editing || load.enabled
  const edit = () => {
    setEntries(entriesWithCurrentIp(load.ips, currentIp))
    setEntryError('')
    setEditing(true)
  }
  const save = async (enabled: boolean) => {
    let checked = entries
    if (enabled) {
      const result = checkMaskEntries(entries)
      setEntries(result.entries)
      if (result.error) return setEntryError(result.error.message)
      checked = result.entries
    }
    if (await change.run(() => accountApi.saveLoginMask(maskPayload(enabled, checked)), '保存成功')) {
      setEditing(false)
      reload()
    }
  }
  const toggle = () => {
    if (!switchedOn) return edit()
    if (editing && !load.enabled) return setEditing(false)
    void save(false)
  }
  const setEntry = (index: number, value: string) => {
    setEntries(entries.map((entry, i) => (i === index ? value : entry)))
    setEntryError('')
  }

  return (
    <View className='login-mask' aria-label='登录掩码'>
      <MaskRow>
        <View
          role='switch'
          aria-label='登录掩码开关'
          aria-checked={switchedOn}
          className={`mask-switch ${switchedOn ? 'mask-switch--on' : ''}`}
          onClick={toggle}
        >
          <View className='mask-switch__knob' />
        </View>
        <Text className='login-mask__summary'>
          {load.enabled ? `仅允许 ${load.ips.join('、')} 登录` : '未开启，任何IP均可登录'}
        </Text>
        {load.enabled && !editing && (
          <Button size='small' onClick={edit}>
            修改
          </Button>
        )}
      </MaskRow>
      <Text className='login-mask__ip'>您当前的IP：{currentIp || '--'}</Text>
      {editing && (
        <View className='login-mask__editor'>
          {entries.map((entry, index) => (
            <View className='account-form__row' key={index}>
              <TextField
                name={`mask-${index}`}
                title={`IP ${index + 1}`}
                placeholder='请输入登录掩码'
                maxLength={15}
                value={entry}
                onChange={(value: string) => setEntry(index, value)}
              />
              {entries.length > 1 && (
                <Button size='small' onClick={() => setEntries(entries.filter((_, i) => i !== index))}>
                  删除
                </Button>
              )}
            </View>
          ))}
          <FieldError message={entryError || change.failure} />
          <View className='login-mask__actions'>
            <Button size='small' onClick={() => setEntries([...entries, ''])}>
              添加IP
            </Button>
            <Button size='small' onClick={() => setEditing(false)}>
              取消
            </Button>
            <Button size='small' type='primary' loading={change.submitting} onClick={() => save(true)}>
              保存
            </Button>
          </View>
        </View>
      )}
    </View>
  )
}

function MaskRow({ children }: { children: ReactNode }) {
  return <View className='login-mask__row'>{children}</View>
}
