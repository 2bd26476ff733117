// 导出: GET /api/app/exports/<kind> as a file (core/http/attachment). A refusal is thrown as an
// ApiError: the caller shows it and re-verifies on 4031.
import { exportPath, type ExportFormat, type ExportKind } from '../../core/contract/exports'
import { downloadAttachment } from '../../core/http/attachment'
import { exportQueryString, type ExportFilters } from './rules'

export const exportList = (kind: ExportKind, format: ExportFormat, filters?: ExportFilters) =>
  downloadAttachment(`${exportPath(kind)}?${exportQueryString(format, filters)}`, {
    fileType: format,
    fallbackName: `export.${format}`,
  })
