import { Image, View } from '@tarojs/components'
import { drawPng, PngCanvas, saveImage } from '../../../core/platform/save-image'
import { Button } from '../../../core/ui/Button'
import { ResourceStatus } from '../../../core/ui/ResourceStatus'
import { toast } from '../../../core/ui/toast'
import { useResource } from '../../../core/ui/useResource'
import { useSubmit } from '../../../core/ui/useSubmit'
import { customerApi } from '../api'
import { CARD_FILE_NAME, cardLayout, drawCard, NO_WEWORK } from '../rules'
import './customer.scss'

const CANVAS_ID = 'customer-card-canvas'

/**
 * /customer?userId=&accountId= (account-area §2): the customer manager's enterprise-WeChat QR code,
 * and 生成名片, which draws a card (name, QR, a line of text) and saves it as a PNG.
 */
export function CustomerCard({ userId, accountId }: { userId: string; accountId: string }) {
  const saving = useSubmit({ messageOf: () => '生成名片失败，请重试', toastFailure: true })
  const card = useResource(async () => {
    const { name, qrCode } = await customerApi.vipServer({ userId, accountId: Number(accountId) })
    return { name, qrImage: qrCode ? await customerApi.qrImage(qrCode) : '' }
  }, [userId, accountId])

  if (!card.data) {
    return (
      <View className='customer card'>
        <ResourceStatus resource={card} />
      </View>
    )
  }

  const { name, qrImage } = card.data
  const layout = cardLayout(name)
  const generate = () =>
    saving.run(async () => {
      const png = await drawPng(CANVAS_ID, layout.width, layout.height, async ({ ctx, loadImage }) =>
        drawCard(ctx, layout, await loadImage(qrImage)),
      )
      const outcome = await saveImage(png, CARD_FILE_NAME)
      if (outcome === 'saved') toast.success('名片已保存')
      else toast.error('未获得相册权限，名片未保存')
    })

  return (
    <View className='customer card'>
      <View className='customer__title'>专属客户经理</View>
      <View className='customer__name'>{name || '--'}</View>
      {qrImage ? (
        <>
          <Image
            className='customer__qr'
            src={qrImage}
            aria-label='企业微信二维码'
            nativeProps={{ alt: '企业微信二维码' }}
            mode='aspectFit'
          />
          <View className='customer__hint'>扫一扫上面的二维码，添加我的企业微信</View>
          <Button type='primary' loading={saving.busy} onClick={generate}>
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
