import { useState } from 'react'
import { errorMessage } from '../../../core/http/api-error'
import { openDocument, openUrl } from '../../../core/platform/links'
import { navigateTo } from '../../../core/routing/navigate'
import { openLink } from '../../../core/routing/open-link'
import { ConfirmDialog } from '../../../core/ui/ConfirmDialog'
import { toast } from '../../../core/ui/toast'
import { esignApi, type ContractDocs } from '../../esign/api'
import { orderApi, type Order } from '../api'
import { ContractDialog, ContractSignedDialog, InvoiceDialog } from '../components/deferred'
import { voidConfirmText, voidFoundPaid, type OrderAction } from '../rules'

interface Reloads {
  /** Load what is shown again (after an invoice, a contract, or a void that found the order paid). */
  reload(): void
  /** Start again from page 1 (after voiding, doc2 §4). */
  restart(): void
}

/** What each order action does, and the dialogs they open (doc2 §2 Order list dialogs, §4). */
export function useOrderActions({ reload, restart }: Reloads) {
  const [voiding, setVoiding] = useState<Order | null>(null)
  const [invoicing, setInvoicing] = useState<Order | null>(null)
  const [contracting, setContracting] = useState<Order | null>(null)
  const [signed, setSigned] = useState<ContractDocs | null>(null)

  const run = async (order: Order, action: OrderAction) => {
    switch (action.kind) {
      case 'pay':
        return navigateTo(action.path)
      case 'void':
        return setVoiding(order)
      case 'invoice':
        if (action.mode === 'apply') return setInvoicing(order)
        if (action.mode === 'download') return openDocument(action.url)
        if (action.mode === 'external') return openUrl(action.url)
        return
      case 'contract':
        if (action.mode === 'apply') return setContracting(order)
        return esignApi.url(order.id).then(
          (docs) => docs.docs[0] && openDocument(docs.docs[0].fileUrl),
          () => undefined, // the request wrapper showed the message
        )
      case 'evaluate':
        // The survey page is ours: in the mini-program it opens in-app, not as a copied link.
        return orderApi.evaluateUrl(order.id).then(openLink, () => undefined)
      case 'detail':
        return openUrl(action.url)
    }
  }

  const confirmVoid = async () => {
    const order = voiding
    setVoiding(null)
    if (!order) return
    try {
      // doc2 §4: the order service first, then the account service.
      await orderApi.updateOrder(order.orderCode)
      await orderApi.syncStatus(order.orderCode)
      toast.success('作废成功')
      restart()
    } catch (error) {
      // The request wrapper showed the server's message. Closing the payment found it paid: the
      // order is paid now, so show it again; any other refusal changed nothing.
      if (voidFoundPaid(errorMessage(error, ''))) reload()
    }
  }

  const dialogs = (
    <>
      <ConfirmDialog
        open={Boolean(voiding)}
        title='作废订单'
        message={voiding ? voidConfirmText(voiding.orderCode) : ''}
        confirmText='作废'
        onConfirm={confirmVoid}
        onCancel={() => setVoiding(null)}
      />
      {invoicing && (
        <InvoiceDialog
          order={invoicing}
          onClose={() => setInvoicing(null)}
          onApplied={() => {
            setInvoicing(null)
            reload()
          }}
        />
      )}
      {contracting && (
        <ContractDialog
          orderId={contracting.id}
          onClose={() => setContracting(null)}
          onSigned={(docs) => {
            setContracting(null)
            reload()
            setSigned(docs)
          }}
        />
      )}
      {signed && <ContractSignedDialog docs={signed} onClose={() => setSigned(null)} />}
    </>
  )

  return { run, dialogs }
}
