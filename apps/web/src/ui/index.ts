export { AppTooltip } from './app-tooltip';
export { openConfirmDelete } from './confirm-delete';
export { formatCalendarDate, formatClock, formatUnixDate } from './dates';
export { type Detail, DetailList } from './detail-list';
export { PageTitle } from './page-title';
export { PasswordField } from './password-field';
export { RowActions } from './row-actions';
export { BlockSkeleton, Empty, ErrorAlert, PageLoader, TableSkeleton } from './states';
export { type FormErrors, pickFieldErrors, useForm, zodValidate } from './use-form';
