// Contract dialog rules (doc2 §3-§5 Contract): apply types, the document types each shows, the
// payload. The field rules are shared with the server (core/validation/billing.ts).
import { APPLY_TYPE, type ContractForm } from '../../core/contract/invoices'
import { idTypeName, ORG_ID_TYPES, PERSON_ID_TYPES } from '../../core/validation/billing'

export const APPLY_TYPE_LABELS: Record<number, string> = {
  [APPLY_TYPE.personal]: '个人',
  [APPLY_TYPE.enterprise]: '企业',
}

/**
 * The contract sample (doc2 §7 external links: sample PDF): the vendor's own document when built
 * with TARO_APP_CONTRACT_SAMPLE_URL, otherwise the one the reference server renders.
 */
export const CONTRACT_SAMPLE_URL: string =
  process.env.TARO_APP_CONTRACT_SAMPLE_URL || '/api/esign/contractSample'

export const CONTRACT_SIGNED_TEXT = '合同已签署完成，可下载合同文件。'

/** The fields the rules can refuse, in the order the dialog draws them: 提交 shows the first refused. */
export const CONTRACT_FIELD_ORDER = [
  'name',
  'orgName',
  'idNumber',
  'facNumber',
  'orgLegalName',
  'orgLegalIdNumber',
  'contacts',
  'mobile',
] as const satisfies readonly (keyof ContractForm)[]

/** The document types the id-type picker offers for an apply type. */
export const idTypesFor = (applyType: number) =>
  applyType === APPLY_TYPE.enterprise ? ORG_ID_TYPES : PERSON_ID_TYPES

/** The applyContract body: the form, trimmed, with the type names (doc2 §3 Contract application). */
export function contractPayload(form: ContractForm) {
  const trimmed = Object.fromEntries(
    Object.entries(form).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]),
  ) as ContractForm
  const enterprise = form.applyType === APPLY_TYPE.enterprise
  return {
    ...trimmed,
    idTypeName: idTypeName(idTypesFor(form.applyType), form.idType),
    orgLegalIdTypeName: enterprise ? idTypeName(PERSON_ID_TYPES, form.orgLegalIdType) : '',
  }
}
