import { Text, View } from '@tarojs/components'
import { useCallback } from 'react'
import { redirectTo } from '../../../core/routing/navigate'
import { useSession } from '../../../core/session/store'
import { ResourceStatus } from '../../../core/ui/ResourceStatus'
import { toast } from '../../../core/ui/toast'
import { useResource } from '../../../core/ui/useResource'
import { transferApi } from '../api'
import { useTransferSteps } from '../hooks/useTransferSteps'
import { NO_PRODUCTS, TRANSFER_STEPS } from '../rules'
import { ProductsStep } from './ProductsStep'
import { ReceiverStep } from './ReceiverStep'
import { VerifyStep } from './VerifyStep'
import './transfer.scss'

/**
 * 产品移交 (account-area §2 "Product transfer page"): three steps, then /accountManage. The products
 * are read first: an account with none learns so before any slider or SMS code, and step 2 shows
 * them at once, so its 30 s count from when they are on screen.
 */
export function ProductTransfer() {
  const bindPhone = useSession((s) => s.userinfo?.bindPhone ?? '')
  const products = useResource(() => transferApi.products(), [])
  const steps = useTransferSteps()
  const { state, restart } = steps
  const lost = useCallback(() => restart(), [restart])
  const moved = useCallback((message: string) => {
    toast.success(message)
    redirectTo('/accountManage')
  }, [])

  return (
    <View className='transfer card'>
      <View className='transfer__title' role='heading' aria-level={1}>
        产品移交
      </View>
      <View className='transfer-steps' role='list' aria-label='步骤'>
        {TRANSFER_STEPS.map(({ step, label }) => (
          <View
            key={step}
            role='listitem'
            aria-current={state.step === step ? 'step' : undefined}
            className={`transfer-steps__step${state.step === step ? ' transfer-steps__step--active' : ''}${
              state.step > step ? ' transfer-steps__step--done' : ''
            }`}
          >
            <Text className='transfer-steps__index'>{step}</Text>
            <Text>{label}</Text>
          </View>
        ))}
      </View>
      {products.status !== 'ready' ? (
        <ResourceStatus resource={products} />
      ) : !products.data?.length ? (
        <View className='list-status list-status--empty' role='status'>
          {NO_PRODUCTS}
        </View>
      ) : (
        state.step === 1 && <VerifyStep bindPhone={bindPhone} onVerified={steps.verified} />
      )}
      {state.step === 2 && (
        <ProductsStep
          products={products.data ?? []}
          state={state}
          onChoose={steps.choose}
          onConfirmed={steps.confirmed}
          onLost={lost}
        />
      )}
      {state.step === 3 && (
        <ReceiverStep bindPhone={bindPhone} businessIds={state.chosen} onMoved={moved} onLost={lost} />
      )}
    </View>
  )
}
