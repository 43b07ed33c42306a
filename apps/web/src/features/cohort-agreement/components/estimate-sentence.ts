import type { AgreementEstimateAnswer } from '@limbus/contract';
import { formatNumber } from '../../../ui';

export const decimals = (value: number) => formatNumber(value, 2, 2);

/** 'CC 0.82, 95 % interval 0.74–0.88', or the figure alone when there is no interval. */
export function estimateSentence(label: string, estimate: AgreementEstimateAnswer): string {
  if (estimate.value === null) return `${label} not measurable`;
  const interval =
    estimate.lower === null || estimate.upper === null
      ? ', no interval with this few participants'
      : `, 95 % interval ${decimals(estimate.lower)}–${decimals(estimate.upper)}`;
  return `${label} ${decimals(estimate.value)}${interval}`;
}

/** '0.82 (0.74–0.88)' for a table cell: the figure with its 95 % interval, when there is one. */
export function estimateFigures(estimate: AgreementEstimateAnswer): string {
  if (estimate.value === null) return 'Not measurable';
  if (estimate.lower === null || estimate.upper === null) return `${decimals(estimate.value)} (no interval)`;
  return `${decimals(estimate.value)} (${decimals(estimate.lower)}–${decimals(estimate.upper)})`;
}
