import type { TestDetail, VideoResults } from '@limbus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveFile, testFileName } from '../../ui';
import { formatDate } from '../../ui/format';
import { useCohort } from '../cohorts';
import { videoNormsQuery } from './api';
import { summaryReport } from './summary-report';

/** Renders the summary PDF in the browser (the PDF library loads on the first click) and downloads it. */
export function useSummaryPdf(test: Pick<TestDetail, 'id' | 'name' | 'company'>) {
  const queryClient = useQueryClient();
  const cohort = useCohort();
  return useMutation({
    mutationFn: async (results: VideoResults) => {
      const [{ renderSummaryPdf }, norms] = await Promise.all([
        import('./pdf/render-summary-pdf'),
        queryClient.fetchQuery(videoNormsQuery(test.id)),
      ]);
      const report = summaryReport(
        results,
        norms,
        { name: test.name, companyName: test.company.name, date: formatDate(new Date()) },
        cohort,
      );
      saveFile(await renderSummaryPdf(report), testFileName(test.name, 'summary', 'pdf'));
    },
  });
}
