export { AppTooltip } from './app-tooltip';
export { BackLink } from './back-link';
export { BoxLabel } from './box-label';
export { BrandMark } from './brand-mark';
export { type ChartClick, EChart } from './charts/echart';
export { openConfirmDelete } from './confirm-delete';
export { formatClock, formatMinutesSeconds } from './dates';
export { type Detail, DetailList } from './detail-list';
export { EMOTION_COLORS, EMOTION_TEXT_COLORS } from './emotion-colors';
export { EVIDENCE_CARD_COLUMNS, EvidenceLayout, evidenceVideoStyle } from './evidence-layout';
export { type FormErrors, pickFieldErrors, zodValidate } from './form-errors';
export {
  DATE_FORMAT,
  formatCount,
  formatDate,
  formatDateTime,
  formatFileSize,
  formatGender,
  formatIndexAgainstMean,
  formatMoney,
  formatMonth,
  formatNumber,
  formatOneDecimal,
  formatPercent,
  formatPercentRange,
  formatSeconds,
  formatSurcharge,
  type PercentOptions,
} from './format';
export { FullWidthPage } from './full-width-page';
export { languageOptions } from './language-options';
export { PageTitle } from './page-title';
export { PasswordField } from './password-field';
export { RecordingBeingMade, recordingProgressText } from './recording-being-made';
export { RowActions } from './row-actions';
export { fileSlug, saveFile, testFileName } from './save-file';
export { SaveRow } from './save-row';
export { SegmentedChoice, type SegmentedOption } from './segmented-choice';
export { BlockSkeleton, Empty, ErrorAlert, PageLoader, TableSkeleton } from './states';
export { useNearViewport } from './use-near-viewport';
