import type { Reel } from '@limbus/contract';
import type { ReelRow } from './evidence-reels.repository.js';

export function toReel(row: ReelRow, pseudonymOf: (pointId: number) => string, video: string | null): Reel {
  return {
    id: row.id,
    insight_id: row.insightId,
    state: row.state,
    published: row.published,
    caption_language: row.captionLanguage,
    clips: row.clips.map((clip) => ({ ...clip, participant: pseudonymOf(clip.point_id) })),
    left_out: row.leftOut,
    progress: row.progress,
    message: row.message,
    video,
    updated_at: Math.floor(row.updatedAt.getTime() / 1000),
  };
}
