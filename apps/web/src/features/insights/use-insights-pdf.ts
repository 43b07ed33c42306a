import {
  commentIn,
  commentReading,
  type Insight,
  isTranslated,
  type TestDetail,
  translationTarget,
} from '@limbus/contract';
import { useMutation } from '@tanstack/react-query';
import { saveFile, testFileName } from '../../ui';
import { formatDate } from '../../ui/format';
import { pointWords, useReaderLanguage } from '../account';

/**
 * The insights with their participants' words in the version a reader starts on (issue 26): a
 * PDF has no toggle, so an English reader's report quotes the English translations.
 */
export function inReaderLanguage(
  insights: readonly Insight[],
  test: Pick<TestDetail, 'translation' | 'translation_language'>,
  reader: string,
): Insight[] {
  const words = insights.flatMap((insight) => insight.significant_points.map(pointWords));
  const { initial } = commentReading({
    reader,
    originalLanguage: test.translation,
    translationLanguage: translationTarget(test),
    hasTranslation: words.some(isTranslated),
  });
  return insights.map((insight) => ({
    ...insight,
    significant_points: insight.significant_points.map((point) => ({
      ...point,
      comment: commentIn(pointWords(point), initial),
    })),
  }));
}

/** Renders the Insights PDF in the browser (the library loads on first use) and downloads it. */
export function useInsightsPdf(
  test: Pick<TestDetail, 'name' | 'company' | 'translation' | 'translation_language'>,
) {
  const reader = useReaderLanguage();
  return useMutation({
    mutationFn: async (insights: readonly Insight[]) => {
      const { renderInsightsPdf } = await import('./pdf/render-insights-pdf');
      const blob = await renderInsightsPdf({
        testName: test.name,
        companyName: test.company.name,
        date: formatDate(new Date()),
        insights: inReaderLanguage(insights, test, reader).sort((a, b) => a.assigned_id - b.assigned_id),
      });
      saveFile(blob, testFileName(test.name, 'insights', 'pdf'));
    },
  });
}
