import type { Insight, TestDetail } from '@limbus/contract';
import { useMutation } from '@tanstack/react-query';
import { saveFile, testFileName } from '../../ui';
import { formatDate } from '../../ui/format';

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
      saveFile(blob, testFileName(test.name, 'insights', 'pdf'));
    },
  });
}
