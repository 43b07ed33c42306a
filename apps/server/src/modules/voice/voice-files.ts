import type { VoiceMediaType } from '@limbus/contract';

/**
 * Where a participant's spoken audio lives in the file store: everything under
 * `voices/<participantId>/` (erasure lists that prefix), the chunks of a take not joined yet under
 * `voices/<pid>/<take>/`, a joined take at `voices/<pid>/take-<take>.<ext>`.
 */
export const voiceFolder = (participantId: number) => `voices/${participantId}/`;
export const voiceChunkFolder = (participantId: number, take: number) =>
  `${voiceFolder(participantId)}${take}/`;
export const voiceChunkKey = (participantId: number, take: number, seq: number) =>
  `${voiceChunkFolder(participantId, take)}${seq}.chunk`;

/** The file extension and ffmpeg muxer of each media type's joined file. */
export const VOICE_CONTAINERS: Record<VoiceMediaType, { ext: string; muxer: string }> = {
  'audio/webm': { ext: 'webm', muxer: 'webm' },
  'audio/ogg': { ext: 'ogg', muxer: 'ogg' },
  'audio/mp4': { ext: 'm4a', muxer: 'ipod' },
};
export const voiceTakeKey = (participantId: number, take: number, mediaType: VoiceMediaType) =>
  `${voiceFolder(participantId)}take-${take}.${VOICE_CONTAINERS[mediaType].ext}`;

/** The seq of a chunk key, or null for another file. */
export function chunkSeqOf(key: string): number | null {
  const match = /\/(\d+)\.chunk$/.exec(key);
  return match ? Number(match[1]) : null;
}

/** Whether a take's first bytes are the header of its media type: WebM's EBML, Ogg's page, MP4's ftyp box. */
export function startsAs(mediaType: VoiceMediaType, head: Uint8Array): boolean {
  const text = (from: number, to: number) => Buffer.from(head.subarray(from, to)).toString('latin1');
  if (mediaType === 'audio/webm')
    return head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3;
  if (mediaType === 'audio/ogg') return text(0, 4) === 'OggS';
  return text(4, 8) === 'ftyp';
}
