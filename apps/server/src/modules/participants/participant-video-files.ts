/**
 * A participant's screen recording as a stored file: MKV, MP4 or MOV, told by its first bytes
 * (never by its name), at `videos/<participantId>.<container>`. Both the recorders' resumable
 * upload (ingestion) and a researcher's upload store it so.
 */

export const VIDEO_CONTAINERS = ['mkv', 'mp4', 'mov'] as const;
type Container = (typeof VIDEO_CONTAINERS)[number];

export const videoFileKey = (participantId: number, container: Container) =>
  `videos/${participantId}.${container}`;
export const NOT_A_VIDEO = 'not a video (MKV, MP4 or MOV)';

/** The container of a video by its first bytes, or null when it is none of MKV, MP4 or MOV. */
export function sniffVideo(head: Uint8Array): Container | null {
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3)
    return 'mkv';
  if (head.length < 8) return null;
  const box = Buffer.from(head.subarray(4, 8)).toString('latin1');
  if (box === 'ftyp') return Buffer.from(head.subarray(8, 12)).toString('latin1') === 'qt  ' ? 'mov' : 'mp4';
  return ['moov', 'mdat', 'wide'].includes(box) ? 'mov' : null;
}
