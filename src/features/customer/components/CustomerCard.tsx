import { Image, Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { ApiError } from '../../../core/http/api-error'
import { drawPng, PngCanvas, saveImage } from '../../../core/platform/save-image'
import { Button } from '../../../core/ui/Button'
import { PageLoading } from '../../../core/ui/PageLoading'
import { toast } from '../../../core/ui/toast'
import { customerApi } from '../api'
import { CARD_FILE_NAME, cardLayout, drawCard, NO_WEWORK } from '../rules'
import './customer.scss'

type Load =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; name: string; qrImage: string }

const CANVAS_ID = 'customer-card-canvas'

/**
 * /customer?userId=&accountId= (account-area §2): the customer manager's enterprise-WeChat QR code,
 * and 生成名片, which draws a card (name, QR, a line of text) and saves it as a PNG.
 */
export function CustomerCard({ userId, accountId }: { userId: string; accountId: string }) {
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const [saving, setSaving] = useState(false)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let live = true
    setLoad({ status: 'loading' })
    customerApi
      .vipServer(userId, accountId)
      .then(async ({ name, qrCode }) => {
        const qrImage = qrCode ? await customerApi.qrImage(qrCode) : ''
        if (live) setLoad({ status: 'ready', name, qrImage })
      })
      .catch((error) => {
        if (live)
          setLoad({
            status: 'error',
            message: error instanceof ApiError ? error.message : '加载失败，请重试',
          })
      })
    return () => {
      live = false
    }
  }, [userId, accountId, attempt])

  if (load.status === 'loading') return <PageLoading />
  if (load.status === 'error') {
    return (
      <View className='customer card' role='alert'>
        <Text className='customer__failure'>{load.message}</Text>
        <Button size='small' onClick={() => setAttempt(attempt + 1)}>
          重试
        </Button>
      </View>
    )
  }

  const { name, qrImage } = load
  const layout = cardLayout(name)
  const generate = async () => {
    setSaving(true)
    try {
      const png = await drawPng(CANVAS_ID, layout.width, layout.height, async ({ ctx, loadImage }) =>
        drawCard(ctx, layout, await loadImage(qrImage)),
      )
      const outcome = await saveImage(png, CARD_FILE_NAME)
      if (outcome === 'saved') toast.success('名片已保存')
      else toast.error('未获得相册权限，名片未保存')
    } catch {
      toast.error('生成名片失败，请重试')
    } finally {
      setSaving(false)
    }
  }

  return (
    <View className='customer card'>
      <View className='customer__title'>专属客户经理</View>
      <View className='customer__name'>{name || '--'}</View>
      {qrImage ? (
        <>
          <Image className='customer__qr' src={qrImage} aria-label='企业微信二维码' mode='aspectFit' />
          <View className='customer__hint'>扫一扫上面的二维码，添加我的企业微信</View>
          <Button type='primary' loading={saving} onClick={generate}>
            生成名片
          </Button>
          <PngCanvas id={CANVAS_ID} width={layout.width} height={layout.height} />
        </>
      ) : (
        <View className='customer__empty' role='status'>
          {NO_WEWORK}
        </View>
      )}
    </View>
  )
}
