import { Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { Button } from '../../../core/ui/Button'
import { Checkbox } from '../../../core/ui/Checkbox'
import { FieldError } from '../../../core/ui/FieldError'
import { useSubmit } from '../../../core/ui/useSubmit'
import { productsError } from '../../../core/validation/product-transfer'
import { transferApi, type TransferProduct } from '../api'
import {
  holdLeft,
  holdSeconds,
  isVerificationLost,
  toggleProduct,
  TRANSFER_SCOPE,
  type TransferState,
} from '../rules'

interface ProductsStepProps {
  /** The account's products, read before step 1 (ProductTransfer). */
  products: TransferProduct[]
  state: TransferState
  onChoose(chosen: number[]): void
  onConfirmed(): void
  /** The server says the verification is gone: step 1 again. */
  onLost(): void
}

/** Seconds left of the verification's 30 s, redrawn every second. */
function useHoldSeconds(state: TransferState): number {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  return holdSeconds(holdLeft(state, now) ?? 0)
}

/** Step 2 (§2, §5): the account's products; at least one (您尚未选择移交的产品), within the 30 s. */
export function ProductsStep({ products: list, state, onChoose, onConfirmed, onLost }: ProductsStepProps) {
  const confirm = useSubmit({ fallback: '提交失败，请重试' })
  const [error, setError] = useState('')
  const seconds = useHoldSeconds(state)
  const { failure } = confirm

  useEffect(() => {
    if (isVerificationLost(failure)) onLost()
  }, [failure, onLost])

  const order = list.map((p) => p.id)
  const next = () => {
    const invalid = productsError(state.chosen)
    setError(invalid ?? '')
    if (invalid) return
    void confirm.run(async () => {
      await transferApi.confirmProducts(state.chosen)
      onConfirmed()
    })
  }

  return (
    <View className='transfer-step' aria-label='选择产品'>
      <View className='transfer-step__note' role='timer'>
        请在 {seconds} 秒内选择要移交的产品，超时需重新验证
      </View>
      {list.length > 0 && (
        <View className='transfer-products' role='list' aria-label='可移交的产品'>
          {list.map((product) => {
            const checked = state.chosen.includes(product.id)
            const label = `${product.productName} ${product.secondDomain}`
            return (
              <View
                key={product.id}
                role='listitem'
                className={`transfer-product${checked ? ' transfer-product--checked' : ''}`}
                onClick={() => {
                  onChoose(toggleProduct(state.chosen, product.id, order))
                  setError('')
                }}
              >
                <Checkbox
                  checked={checked}
                  label={label}
                  onChange={() => {
                    onChoose(toggleProduct(state.chosen, product.id, order))
                    setError('')
                  }}
                />
                <View className='transfer-product__text'>
                  <Text className='transfer-product__name'>{product.productName}</Text>
                  <Text className='transfer-product__meta'>
                    {product.companyName || '--'} · {product.secondDomain}
                  </Text>
                </View>
              </View>
            )
          })}
        </View>
      )}
      <View className='transfer-scope' role='note' aria-label='移交范围'>
        <Text className='transfer-scope__line'>{TRANSFER_SCOPE.moves}</Text>
        <Text className='transfer-scope__line'>{TRANSFER_SCOPE.stays}</Text>
        <Text className='transfer-scope__line'>{TRANSFER_SCOPE.openWorkOrders}</Text>
      </View>
      <FieldError message={error || failure} />
      <View className='transfer-step__actions'>
        <Button type='primary' loading={confirm.busy} onClick={next}>
          下一步
        </Button>
      </View>
    </View>
  )
}
