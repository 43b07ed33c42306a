import { pdf } from '@react-pdf/renderer';
import { type InsightsReport, insightsDocument } from './insights-document';

/** The Insights PDF as a file (text, not a screenshot: selectable, searchable and small). */
export function renderInsightsPdf(report: InsightsReport): Promise<Blob> {
  return pdf(insightsDocument(report)).toBlob();
}
