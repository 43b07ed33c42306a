import fs from 'node:fs';
import path from 'node:path';
import {
  drawOverlay,
  type EmotionSamples,
  frameMapping,
  lowerBound,
  type OverlaySamples,
  overlayScene,
  type SampleFrame,
  upperBound,
} from '@limbus/analytics';
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { readFfmpegLog, runFfmpeg } from './ffmpeg.js';
import { probeVideo } from './probe-video.js';
import { writeAtomically } from './write-atomically.js';

export const REEL_SIZE = { width: 1280, height: 720 } as const;
/** Enough to follow a gaze trail, and a third of the CPU of 30 fps on the 2-core CI machine. */
export const REEL_FPS = 12;
export const TITLE_CARD_MS = 2000;
/** The screen recording fills the top; the emotion lane, pseudonym and badge sit in the band below. */
export const REEL_VIDEO_AREA = { x: 0, y: 0, width: 1280, height: 576 } as const;
export const REEL_LANE = { x: 24, y: 592, width: 880, height: 112 } as const;

export type ReelEmotion = 'frustration' | 'joy' | 'attention';
/** The product's emotion colours (apps/web/src/ui/emotion-colors.ts). */
export const REEL_EMOTION_COLORS: Readonly<Record<ReelEmotion, string>> = {
  frustration: '#e8457c',
  joy: '#2fb344',
  attention: '#f5b800',
};

export type ReelClip = {
  /** The participant's screen recording. */
  source: string;
  /** The clip's span in the recording, ms of its time. */
  startMs: number;
  endMs: number;
  peakMs: number;
  /** When the recording starts, epoch ms: the samples' clock. */
  recordingStartMs: number;
  /** The emotion the peak is of: its curve is drawn on top and the peak marked in its colour. */
  peakEmotion: ReelEmotion;
  /** Gaze and mouse, drawn as the recording screen draws them (recording-overlay of @limbus/analytics). */
  overlay: OverlaySamples;
  sampleFrame: SampleFrame;
  emotions: EmotionSamples | null;
  caption: string;
  pseudonym: string;
  /** 'n of N participants'. */
  badge: string;
  /** Whether the source's sound may be heard (the participant consented to voice). */
  withVoice: boolean;
};

export type RenderEvidenceReelOptions = {
  title: string;
  /** Shown on the first title card, e.g. '2 participants left out (no consent)'; empty for none. */
  note: string;
  clips: readonly ReelClip[];
  output: string;
  /** Called with the share of frames encoded so far (0–1). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/** Every segment is encoded alike, so that the concat demuxer can join them without re-encoding. */
const VIDEO_ARGS = [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '26',
  '-pix_fmt',
  'yuv420p',
  '-g',
  '24',
];
const AUDIO_ARGS = ['-c:a', 'aac', '-b:a', '96k', '-ar', '48000', '-ac', '2'];
const SILENCE = ['-f', 'lavfi', '-i', 'anullsrc=channel_layout=stereo:sample_rate=48000'];

/**
 * Writes an evidence reel: for each clip a title card with the reel's title, then the clip's
 * span of its screen recording with the gaze trail, pointer, caption, emotion lane, pseudonym
 * and badge drawn over it. H.264 1280×720 MP4; AAC when some clip has voice (the other segments
 * then carry silence). The file appears under `output` only when complete.
 */
export async function renderEvidenceReel(options: RenderEvidenceReelOptions): Promise<void> {
  const { clips, signal } = options;
  if (clips.length === 0) throw new RangeError('A reel needs at least one clip');
  for (const clip of clips)
    if (!(clip.endMs > clip.startMs)) throw new RangeError(`A clip must end after it starts: ${clip.source}`);
  const voiced = await Promise.all(clips.map(async (c) => c.withVoice && (await hasAudio(c.source, signal))));
  const withAudio = voiced.some(Boolean);
  const progress = progressCounter(options);
  const work = await fs.promises.mkdtemp(path.join(path.dirname(options.output), '.reel-'));
  try {
    const segments: string[] = [];
    // The cards are alike but the first's note: each is encoded once and listed before every clip.
    const cards = new Map<string, string>();
    for (const [index, clip] of clips.entries()) {
      const note = index === 0 ? options.note : '';
      let card = cards.get(note);
      if (card) progress(frameCount(TITLE_CARD_MS));
      else {
        card = path.join(work, `${cards.size}-title.mp4`);
        await renderTitleCard(card, options.title, note, withAudio, progress, signal);
        cards.set(note, card);
      }
      const segment = path.join(work, `${index}-clip.mp4`);
      await renderClip(segment, clip, { withAudio, voiced: voiced[index] === true }, progress, signal);
      segments.push(card, segment);
    }
    const list = path.join(work, 'segments.txt');
    await fs.promises.writeFile(list, segments.map((s) => `file '${s.replaceAll("'", "'\\''")}'`).join('\n'));
    await writeAtomically(options.output, (temp) =>
      runFfmpeg(
        [
          '-f',
          'concat',
          '-safe',
          '0',
          '-i',
          list,
          '-c',
          'copy',
          '-movflags',
          '+faststart',
          '-f',
          'mp4',
          '-y',
          temp,
        ],
        { signal },
      ),
    );
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

/** The reel's length in ms: a title card before each clip, and the clips. */
export function reelDurationMs(clips: readonly Pick<ReelClip, 'startMs' | 'endMs'>[]): number {
  return clips.reduce(
    (sum, clip) => sum + TITLE_CARD_MS + frameCount(clip.endMs - clip.startMs) * (1000 / REEL_FPS),
    0,
  );
}

type Progress = (frames: number) => void;

function progressCounter(options: RenderEvidenceReelOptions): Progress {
  const total = frameCount(reelDurationMs(options.clips));
  let done = 0;
  return (frames) => {
    done += frames;
    options.onProgress?.(Math.min(1, done / total));
  };
}

function frameCount(durationMs: number): number {
  return Math.max(1, Math.round((durationMs * REEL_FPS) / 1000));
}

async function hasAudio(source: string, signal: AbortSignal | undefined): Promise<boolean> {
  return /^\s*Stream #0:\d+.*: Audio: /m.test(await readFfmpegLog(['-i', source], { signal }));
}

const rawFrameInput = [
  ...['-f', 'rawvideo', '-pix_fmt', 'rgba', '-video_size', `${REEL_SIZE.width}x${REEL_SIZE.height}`],
  ...['-framerate', String(REEL_FPS), '-i', 'pipe:0'],
];

async function renderTitleCard(
  output: string,
  title: string,
  note: string,
  withAudio: boolean,
  progress: Progress,
  signal: AbortSignal | undefined,
): Promise<void> {
  const canvas = createCanvas(REEL_SIZE.width, REEL_SIZE.height);
  drawTitleCard(canvas.getContext('2d'), title, note);
  // opaque: premultiplied and straight alpha are the same pixels
  const frame = canvas.data();
  const count = frameCount(TITLE_CARD_MS);
  function* frames(): Generator<Uint8Array> {
    for (let k = 0; k < count; k++) {
      progress(1);
      yield frame;
    }
  }
  await runFfmpeg(
    [
      ...rawFrameInput,
      ...(withAudio ? SILENCE : []),
      ...['-map', '0:v', ...(withAudio ? ['-map', '1:a'] : []), '-t', String(TITLE_CARD_MS / 1000)],
      ...VIDEO_ARGS,
      ...(withAudio ? AUDIO_ARGS : []),
      ...['-f', 'mp4', '-y', output],
    ],
    { stdin: frames(), signal },
  );
}

async function renderClip(
  output: string,
  clip: ReelClip,
  audio: { withAudio: boolean; voiced: boolean },
  progress: Progress,
  signal: AbortSignal | undefined,
): Promise<void> {
  const source = await probeVideo(clip.source, { signal });
  const area = fitInside(source, REEL_VIDEO_AREA);
  const seconds = (frameCount(clip.endMs - clip.startMs) / REEL_FPS).toFixed(3);
  const graph = [
    `[0:v]fps=${REEL_FPS},scale=${area.width}:${area.height},setsar=1,` +
      `pad=${REEL_SIZE.width}:${REEL_SIZE.height}:${area.x}:${area.y}:color=black,setpts=PTS-STARTPTS[video]`,
    '[video][1:v]overlay=eof_action=repeat:format=yuv420:alpha=premultiplied[out]',
  ].join(';');
  const audioMap = !audio.withAudio ? [] : audio.voiced ? ['-map', '0:a:0'] : ['-map', '2:a'];
  await runFfmpeg(
    [
      ...['-ss', (clip.startMs / 1000).toFixed(3), '-t', seconds, '-i', clip.source],
      ...rawFrameInput,
      ...(audio.withAudio && !audio.voiced ? SILENCE : []),
      ...['-filter_complex', graph, '-map', '[out]', ...audioMap, '-t', seconds],
      ...VIDEO_ARGS,
      ...(audio.withAudio ? AUDIO_ARGS : []),
      ...['-f', 'mp4', '-y', output],
    ],
    { stdin: clipOverlays(clip, area, source, progress), signal },
  );
}

type Box = { x: number; y: number; width: number; height: number };

/** The largest box of the source's aspect inside `area`, centred, with even sides (yuv420p). */
export function fitInside(source: { width: number; height: number }, area: Box): Box {
  const scale = Math.min(area.width / source.width, area.height / source.height);
  const even = (v: number) => Math.max(2, 2 * Math.floor(v / 2));
  const width = even(source.width * scale);
  const height = even(source.height * scale);
  return {
    x: area.x + even((area.width - width) / 2),
    y: area.y + even((area.height - height) / 2),
    width,
    height,
  };
}

function* clipOverlays(
  clip: ReelClip,
  area: Box,
  source: { width: number; height: number },
  progress: Progress,
): Generator<Uint8Array> {
  const canvas = createCanvas(REEL_SIZE.width, REEL_SIZE.height);
  const context = canvas.getContext('2d');
  const fit = frameMapping(clip.sampleFrame, area, source);
  const mapping = { ...fit, left: area.x + fit.left, top: area.y + fit.top };
  const count = frameCount(clip.endMs - clip.startMs);
  for (let k = 0; k < count; k++) {
    const timeMs = clip.startMs + (k * 1000) / REEL_FPS;
    const scene = overlayScene(clip.overlay, clip.recordingStartMs + timeMs, clip.sampleFrame, mapping);
    drawOverlay(context, scene, REEL_SIZE.width, REEL_SIZE.height);
    drawCaption(context, clip.caption);
    drawBand(context, clip, timeMs);
    progress(1);
    // The canvas's own premultiplied pixels, a new copy each call (the pipe may hold a frame until
    // ffmpeg has read it): 1.4 ms, where getImageData's unpremultiplied copy took 14 ms a frame,
    // most of a reel's render. The overlay filter is told the alpha is premultiplied.
    yield canvas.data();
  }
}

const FONT = 'sans-serif';

function drawTitleCard(context: SKRSContext2D, title: string, note: string): void {
  context.fillStyle = '#1b1e2b';
  context.fillRect(0, 0, REEL_SIZE.width, REEL_SIZE.height);
  context.fillStyle = '#ffffff';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.font = `600 44px ${FONT}`;
  const lines = wrapText(context, title, REEL_SIZE.width - 240).slice(0, 3);
  lines.forEach((line, i) => {
    context.fillText(line, REEL_SIZE.width / 2, REEL_SIZE.height / 2 + (i - (lines.length - 1) / 2) * 56);
  });
  if (note) {
    context.font = `24px ${FONT}`;
    context.fillStyle = '#b8bccc';
    context.fillText(note, REEL_SIZE.width / 2, REEL_SIZE.height - 80);
  }
}

function drawCaption(context: SKRSContext2D, caption: string): void {
  if (!caption) return;
  context.font = `26px ${FONT}`;
  const lines = wrapText(context, caption, REEL_VIDEO_AREA.width - 160).slice(0, 2);
  const lineHeight = 34;
  const bottom = REEL_VIDEO_AREA.y + REEL_VIDEO_AREA.height - 16;
  const top = bottom - lines.length * lineHeight - 16;
  context.fillStyle = 'rgba(0, 0, 0, 0.7)';
  context.fillRect(64, top, REEL_VIDEO_AREA.width - 128, bottom - top);
  context.fillStyle = '#ffffff';
  context.textAlign = 'center';
  context.textBaseline = 'top';
  lines.forEach((line, i) => {
    context.fillText(line, REEL_VIDEO_AREA.width / 2, top + 8 + i * lineHeight);
  });
}

/** The band under the video: the emotion lane with the peak and a playhead, pseudonym and badge. */
function drawBand(context: SKRSContext2D, clip: ReelClip, timeMs: number): void {
  const bandY = REEL_VIDEO_AREA.y + REEL_VIDEO_AREA.height;
  context.fillStyle = '#1b1e2b';
  context.fillRect(0, bandY, REEL_SIZE.width, REEL_SIZE.height - bandY);
  const lane = REEL_LANE;
  context.fillStyle = '#262a3b';
  context.fillRect(lane.x, lane.y, lane.width, lane.height);
  const xAt = (t: number) => lane.x + ((t - clip.startMs) / (clip.endMs - clip.startMs)) * lane.width;
  const yAt = (value: number) => lane.y + lane.height - Math.min(1, Math.max(0, value)) * lane.height;
  const order = (['frustration', 'joy', 'attention'] as const).filter((e) => e !== clip.peakEmotion);
  context.save();
  context.beginPath();
  context.rect(lane.x, lane.y, lane.width, lane.height);
  context.clip();
  const emotions = clip.emotions;
  if (emotions) {
    // The samples of the clip and one on each side, so that the curves reach the lane's edges.
    const from = Math.max(0, lowerBound(emotions.timestamp, clip.recordingStartMs + clip.startMs) - 1);
    const to = Math.min(
      emotions.timestamp.length,
      upperBound(emotions.timestamp, clip.recordingStartMs + clip.endMs) + 1,
    );
    for (const emotion of [...order, clip.peakEmotion]) {
      context.strokeStyle = REEL_EMOTION_COLORS[emotion];
      context.lineWidth = emotion === clip.peakEmotion ? 4 : 2.5;
      context.beginPath();
      for (let i = from; i < to; i++) {
        const x = xAt((emotions.timestamp[i] as number) - clip.recordingStartMs);
        const y = yAt(emotions[emotion][i] as number);
        if (i === from) context.moveTo(x, y);
        else context.lineTo(x, y);
      }
      context.stroke();
    }
  }
  context.restore();
  const peakX = xAt(clip.peakMs);
  context.fillStyle = REEL_EMOTION_COLORS[clip.peakEmotion];
  context.fillRect(peakX - 2, lane.y, 4, lane.height);
  context.beginPath();
  context.moveTo(peakX - 9, lane.y);
  context.lineTo(peakX + 9, lane.y);
  context.lineTo(peakX, lane.y + 12);
  context.closePath();
  context.fill();
  context.fillStyle = '#ffffff';
  context.fillRect(xAt(timeMs) - 1, lane.y, 2, lane.height);
  const right = lane.x + lane.width + 32;
  context.textAlign = 'left';
  context.textBaseline = 'top';
  context.fillStyle = '#ffffff';
  context.font = `600 40px ${FONT}`;
  context.fillText(clip.pseudonym, right, lane.y);
  context.font = `22px ${FONT}`;
  context.fillStyle = '#b8bccc';
  context.fillText(clip.badge, right, lane.y + 60);
  // the lane's thick curve and its marker, named: the colours alone do not say which emotion peaked
  context.font = `600 20px ${FONT}`;
  context.fillStyle = REEL_EMOTION_COLORS[clip.peakEmotion];
  context.fillText(`Peak of ${clip.peakEmotion}`, right, lane.y + 90);
}

function wrapText(context: SKRSContext2D, text: string, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && context.measureText(next).width > maxWidth) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}
