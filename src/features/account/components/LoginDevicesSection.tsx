import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { LOGIN_DEVICE_MESSAGES, type LoginDevice } from '../../../core/contract/login-devices'
import { formatBeijingTime } from '../../../core/format/time'
import { Button } from '../../../core/ui/Button'
import { ConfirmDialog } from '../../../core/ui/ConfirmDialog'
import { DataTable, type Column } from '../../../core/ui/DataTable'
import { ResourceStatus } from '../../../core/ui/ResourceStatus'
import { useListMode } from '../../../core/ui/usePagedList'
import { useResource } from '../../../core/ui/useResource'
import { useDeviceSignOut } from '../hooks/useDeviceSignOut'
import { loginDevicesApi } from '../login-devices-api'
import { canSignOutDevice, devicePlace, hasOtherDevices, LOGIN_DEVICES_TEXT } from '../rules'
import { LoginHistory } from './LoginHistory'

type Asking = { kind: 'one'; device: LoginDevice } | { kind: 'others' } | null

const time = (iso: string) => formatBeijingTime(iso, 'YYYY-MM-DD HH:mm')

function DeviceName({ device }: { device: LoginDevice }) {
  return (
    <Text>
      {device.device || '未知设备'}
      {device.current && <Text className='login-devices__current'>本机</Text>}
    </Text>
  )
}

/**
 * 登录设备: the member's live sessions (desktop table, cards on phones and in the mini-program),
 * 退出 one or 退出其他设备 after a confirmation, then the login history.
 */
export function LoginDevicesSection() {
  const mode = useListMode()
  const devices = useResource(loginDevicesApi.list, [])
  const signOut = useDeviceSignOut()
  const [asking, setAsking] = useState<Asking>(null)

  const confirm = async () => {
    const question = asking
    setAsking(null)
    if (!question) return
    const done =
      question.kind === 'one'
        ? await signOut.run(
            () => loginDevicesApi.signOut(question.device.id),
            LOGIN_DEVICE_MESSAGES.signedOut,
          )
        : await signOut.run(loginDevicesApi.signOutOthers, LOGIN_DEVICE_MESSAGES.othersSignedOut)
    if (done) void devices.reload()
  }

  const action = (device: LoginDevice) =>
    canSignOutDevice(device) ? (
      <Button
        size='small'
        className='login-devices__action'
        disabled={signOut.busy}
        onClick={() => setAsking({ kind: 'one', device })}
      >
        退出
      </Button>
    ) : (
      <Text className='login-devices__muted'>当前设备</Text>
    )

  const columns: Column<LoginDevice>[] = [
    { key: 'device', title: '设备', width: '2fr', render: (d) => <DeviceName device={d} /> },
    { key: 'place', title: '地点', width: '1.6fr', render: devicePlace },
    { key: 'first', title: '登录时间', width: '160px', render: (d) => time(d.firstActiveAt) },
    { key: 'last', title: '最近活动', width: '160px', render: (d) => time(d.lastActiveAt) },
    { key: 'action', title: '操作', width: '90px', render: action },
  ]

  const list = devices.data
  return (
    <View className='login-devices'>
      {!list ? (
        <ResourceStatus resource={devices} />
      ) : (
        <>
          {mode === 'pages' ? (
            <DataTable label='登录设备' columns={columns} rows={list} rowKey={(d) => d.id} />
          ) : (
            <View className='login-devices__cards' role='list' aria-label='登录设备'>
              {list.map((device) => (
                <View key={device.id} role='listitem' className='list-card'>
                  <View className='list-card__top'>
                    <Text className='list-card__title'>
                      <DeviceName device={device} />
                    </Text>
                    {action(device)}
                  </View>
                  <View className='list-card__meta'>
                    <Text>{devicePlace(device)}</Text>
                    <Text>登录 {time(device.firstActiveAt)}</Text>
                    <Text>最近 {time(device.lastActiveAt)}</Text>
                  </View>
                </View>
              ))}
            </View>
          )}
          {hasOtherDevices(list) ? (
            <View className='login-devices__others'>
              <Button
                size='small'
                className='login-devices__action'
                disabled={signOut.busy}
                onClick={() => setAsking({ kind: 'others' })}
              >
                退出其他设备
              </Button>
            </View>
          ) : (
            <View className='list-status list-status--empty' role='status'>
              {LOGIN_DEVICES_TEXT.empty}
            </View>
          )}
        </>
      )}

      <LoginHistory />

      <ConfirmDialog
        open={asking !== null}
        message={
          asking?.kind === 'one'
            ? LOGIN_DEVICES_TEXT.confirmSignOut(asking.device.device || '未知设备')
            : LOGIN_DEVICES_TEXT.confirmSignOutOthers
        }
        confirmText='退出'
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(null)}
      />
    </View>
  )
}
