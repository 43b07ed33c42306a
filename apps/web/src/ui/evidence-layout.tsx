import type { CSSProperties, ReactNode } from 'react';
import classes from './evidence-layout.module.css';

/**
 * The columns of the neurofeedback cards, by the width of their own box (a container query), not
 * the window's: one beside the video and on a phone, two or three where they have the room.
 */
export const EVIDENCE_CARD_COLUMNS = { base: 1, '540px': 2, '900px': 3 };

/** The smallest height a capped video keeps, however little room the window leaves (a landscape phone). */
export const MIN_EVIDENCE_VIDEO_HEIGHT = 220;

/**
 * The size of a video on an evidence screen (issue 26): as wide as its column, but never taller
 * than the window less `belowPx`, the room that what must be seen with it takes under its top
 * edge (its chart, the chart's readout, captions, margins). The box keeps its aspect ratio, so it
 * has its size before the video loads (no layout shift), and is centred in its column when the
 * height is what limits it. `ratio` is width ÷ height; `aspectRatio` the CSS value (by default
 * the ratio).
 */
export function evidenceVideoStyle({
  belowPx,
  ratio,
  aspectRatio = String(ratio),
}: {
  belowPx: number;
  ratio: number;
  aspectRatio?: string;
}): CSSProperties {
  return {
    width: `min(100%, calc(max(${MIN_EVIDENCE_VIDEO_HEIGHT}px, 100dvh - ${belowPx}px) * ${ratio}))`,
    aspectRatio,
    marginInline: 'auto',
  };
}

/**
 * An evidence screen's layout (issue 26): the video and its chart (`children`), and beside them
 * from 1200 px up the `aside` (the neurofeedback at the playhead), which scrolls within their
 * height; under 1200 px the aside follows below.
 */
export function EvidenceLayout({ children, aside }: { children: ReactNode; aside: ReactNode }) {
  return (
    // the journeys scroll its top into view: the evidence starts there (e2e/support/evidence.ts)
    <div className={classes.layout} data-testid="evidence">
      <div className={classes.main}>{children}</div>
      <div className={classes.aside}>
        <div className={classes.asideInner}>{aside}</div>
      </div>
    </div>
  );
}
