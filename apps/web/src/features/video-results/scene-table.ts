import { csvRow, NOTE_TYPE_NAMES, NOTE_TYPES, type VideoResults } from '@limbus/contract';
import { formatClock } from '../../ui';

const EMOTIONS = ['frustration', 'joy', 'attention'] as const;

export type SceneRow = {
  name: string;
  start: string;
  end: string;
  /** Mean scores of the viewers in the scene, 0 to 100; null without scores there. */
  means: Record<(typeof EMOTIONS)[number], number | null>;
  notes: string[];
};

const clock = (ms: number) => formatClock(ms / 1000, { padMinutes: true });

/** Each scene with its times, the viewers' mean scores inside it and its three notes. */
export function sceneRows(results: Pick<VideoResults, 'scenes' | 'scores'>): SceneRow[] {
  return results.scenes.map((scene) => {
    const inside = results.scores.filter((score) => score.t >= scene.start_ms && score.t <= scene.end_ms);
    const mean = (emotion: (typeof EMOTIONS)[number]) =>
      inside.length === 0
        ? null
        : Math.round((inside.reduce((sum, score) => sum + score[emotion], 0) / inside.length) * 100);
    return {
      name: scene.name,
      start: clock(scene.start_ms),
      end: clock(scene.end_ms),
      means: { frustration: mean('frustration'), joy: mean('joy'), attention: mean('attention') },
      notes: NOTE_TYPES.map((type) => scene.notes.find((note) => note.note_type === type)?.note ?? ''),
    };
  });
}

/** The scene table as CSV (RFC 4180, CRLF line ends). */
export function scenesCsv(rows: readonly SceneRow[]): string {
  const header = [
    'Scene',
    'Start',
    'End',
    'Mean frustration (0-100)',
    'Mean joy (0-100)',
    'Mean attention (0-100)',
    ...NOTE_TYPES.map((type) => NOTE_TYPE_NAMES[type]),
  ];
  const lines = rows.map((row) => [
    row.name,
    row.start,
    row.end,
    row.means.frustration,
    row.means.joy,
    row.means.attention,
    ...row.notes,
  ]);
  return [header, ...lines].map(csvRow).join('\r\n');
}
