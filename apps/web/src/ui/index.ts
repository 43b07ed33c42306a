export { AppTooltip } from './app-tooltip';
export { type ChartClick, EChart } from './charts/echart';
export { openConfirmDelete } from './confirm-delete';
export { formatClock } from './dates';
export { type Detail, DetailList } from './detail-list';
export { type FormErrors, pickFieldErrors, zodValidate } from './form-errors';
export {
  DATE_FORMAT,
  formatCount,
  formatDate,
  formatDateTime,
  formatFileSize,
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
export { PageTitle } from './page-title';
export { PasswordField } from './password-field';
export { RowActions } from './row-actions';
export { BlockSkeleton, Empty, ErrorAlert, PageLoader, TableSkeleton } from './states';
export { useNearViewport } from './use-near-viewport';
