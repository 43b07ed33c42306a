import { pdf } from '@react-pdf/renderer';
import type { SummaryReport } from '../summary-report';
import { summaryDocument } from './summary-document';

/** The video summary PDF as a file (text, not a screenshot: selectable, searchable and small). */
export function renderSummaryPdf(report: SummaryReport): Promise<Blob> {
  return pdf(summaryDocument(report)).toBlob();
}
