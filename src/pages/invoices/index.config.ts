import { pageConfig } from '../../core/routing/routes'

export default definePageConfig(pageConfig('/invoices'))
