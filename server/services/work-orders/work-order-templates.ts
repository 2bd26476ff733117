// Problem templates (doc2 §3): the categories of a work type and their dynamic fields in `sort`
// order. The spec leaves the list's path open: GET /api/acWorkOrder/getWorkList?workType=&state=1.
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { FieldCode, ProblemTemplate, WorkOrderType } from '../../../src/core/contract/work-orders'
import { workOrderTemplateFields, workOrderTemplates } from '../../db/schema'
import type { Db } from './work-order-rows'

/** A template offered to customers. */
export const TEMPLATE_OFFERED = 1

async function withFields(
  db: Db,
  rows: (typeof workOrderTemplates.$inferSelect)[],
): Promise<ProblemTemplate[]> {
  if (rows.length === 0) return []
  const fields = await db
    .select()
    .from(workOrderTemplateFields)
    .where(
      inArray(
        workOrderTemplateFields.templateId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(workOrderTemplateFields.sort), asc(workOrderTemplateFields.id))
  return rows.map((row) => ({
    id: row.id,
    workType: row.workType as WorkOrderType,
    taskName: row.taskName,
    fieldChild: fields
      .filter((f) => f.templateId === row.id)
      .map((f) => ({
        fieldName: f.fieldName,
        fieldCode: f.fieldCode as FieldCode,
        required: f.required,
        sort: f.sort,
      })),
  }))
}

/** getWorkList: the offered templates of a work type (any other state lists nothing). */
export async function listTemplates(db: Db, workType: number, state: number): Promise<ProblemTemplate[]> {
  if (state !== TEMPLATE_OFFERED) return []
  const rows = await db
    .select()
    .from(workOrderTemplates)
    .where(and(eq(workOrderTemplates.workType, workType), eq(workOrderTemplates.state, state)))
    .orderBy(asc(workOrderTemplates.sort), asc(workOrderTemplates.id))
  return withFields(db, rows)
}

/** An offered template by id, or null. */
export async function offeredTemplate(db: Db, id: number): Promise<ProblemTemplate | null> {
  const rows = await db
    .select()
    .from(workOrderTemplates)
    .where(and(eq(workOrderTemplates.id, id), eq(workOrderTemplates.state, TEMPLATE_OFFERED)))
  const [template] = await withFields(db, rows)
  return template ?? null
}

/**
 * A work order's fields with a label each: a stored field with no name (rows written before the
 * form stored one) takes its template's label, offered or not.
 */
export async function labelledFields<F extends { fieldCode: string; name: string }>(
  db: Db,
  templateId: number | null,
  fields: F[],
): Promise<F[]> {
  if (templateId === null || fields.every((f) => f.name)) return fields
  const labels = await db
    .select({ fieldCode: workOrderTemplateFields.fieldCode, fieldName: workOrderTemplateFields.fieldName })
    .from(workOrderTemplateFields)
    .where(eq(workOrderTemplateFields.templateId, templateId))
  const labelOf = new Map(labels.map((l) => [l.fieldCode, l.fieldName]))
  return fields.map((f) => (f.name ? f : { ...f, name: labelOf.get(f.fieldCode) ?? '' }))
}
