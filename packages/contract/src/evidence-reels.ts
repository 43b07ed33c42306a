/**
 * Evidence reels (issue 29; docs/decisions/share-links.md): per insight, an MP4 of clips of its
 * significant points in their participants' screen recordings, made by a job, published to the
 * insight's clients.
 */

export const REEL_STATES = ['draft', 'rendering', 'ready', 'failed'] as const;
export type ReelState = (typeof REEL_STATES)[number];

/** The caption of a clip: the researcher's comment as written, or its translation. */
export const REEL_CAPTION_LANGUAGES = ['original', 'translation'] as const;
export type ReelCaptionLanguage = (typeof REEL_CAPTION_LANGUAGES)[number];

/** A clip runs from 3 s before its point's peak to 4 s after, unless trimmed. */
export const REEL_CLIP_DEFAULT = { startOffsetMs: -3000, endOffsetMs: 4000 } as const;

/** A clip as a reel stores it, in the reel's order: its point and its span around the peak. */
export type ReelClipRecord = { point_id: number; start_offset_ms: number; end_offset_ms: number };
