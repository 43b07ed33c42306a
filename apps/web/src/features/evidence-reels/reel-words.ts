import type { Reel } from '@limbus/contract';
import { formatNumber, formatPercent } from '../../ui';
import { counted } from '../insights';

/** The reel's state as the research area reads it. */
export function reelStateLabel(reel: Pick<Reel, 'state' | 'progress'>): string {
  switch (reel.state) {
    case 'draft':
      return 'Draft';
    case 'rendering':
      return `Rendering · ${formatPercent(reel.progress / 100)}`;
    case 'ready':
      return 'Ready';
    case 'failed':
      return 'Render failed';
  }
}

/** Who is not in the reel, in words: participants without consent to show their screen. */
export function leftOutWords(leftOut: number): string {
  if (leftOut === 0) return 'No participant is left out.';
  return `${counted(leftOut, 'participant')} ${leftOut === 1 ? 'is' : 'are'} left out: they did not consent to showing their screen recording.`;
}

const seconds = (ms: number) => formatNumber(ms / 1000, 1, 1);

/** A clip's span around its peak, in words: '3.0 s before to 4.0 s after the peak'. */
export function clipSpanWords(startMs: number, endMs: number): string {
  const side = (ms: number) =>
    ms === 0 ? 'the peak' : `${seconds(Math.abs(ms))} s ${ms < 0 ? 'before' : 'after'} the peak`;
  return `From ${side(startMs)} to ${side(endMs)} · lasts ${seconds(endMs - startMs)} s`;
}
