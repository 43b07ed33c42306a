export { EmotionDot, EmotionSelector, MeasureBar } from './emotion-parts';
export { IndexRangeBar, indexScale } from './index-range-bar';
export { indexCertainty, meanWithInterval } from './mean-interval';
export {
  alikeSentences,
  type CompareMode,
  compareValues,
  type PageFilter,
  pagePeaks,
  type RankedPage,
  rankingCards,
  rankLabels,
  rankPages,
  shownPages,
  withComments,
} from './page-ranking';
export { PageRankingCards } from './page-ranking-cards';
