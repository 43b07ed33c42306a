import type { Insight, TestDetail } from '@limbus/contract';
import { useMutation } from '@tanstack/react-query';
import { formatDate } from '../../ui/format';

/** A file name from the test's name: 'Acme Running webshop (desktop)' → 'acme-running-webshop-desktop-insights.pdf'. */
export function insightsPdfName(testName: string): string {
  const slug = testName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'test'}-insights.pdf`;
}

function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // the click starts the download synchronously; the address may go once it has
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Renders the Insights PDF in the browser (the library loads on first use) and downloads it. */
export function useInsightsPdf(test: Pick<TestDetail, 'name' | 'company'>) {
  return useMutation({
    mutationFn: async (insights: readonly Insight[]) => {
      const { renderInsightsPdf } = await import('./pdf/render-insights-pdf');
      const blob = await renderInsightsPdf({
        testName: test.name,
        companyName: test.company.name,
        date: formatDate(new Date()),
        insights: [...insights].sort((a, b) => a.assigned_id - b.assigned_id),
      });
      saveFile(blob, insightsPdfName(test.name));
    },
  });
}
