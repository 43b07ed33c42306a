import { readFfmpegLog, runFfmpeg } from './ffmpeg.js';
import { parseDurationMs } from './probe-video.js';

/**
 * Rewrites the first audio stream of `input` into `output` without re-encoding (`-c copy`), in
 * the container of `muxer`: a browser's recorder writes WebM without a duration or an index to
 * seek by, and the rewrite adds both. Answers the length in ms, null when ffmpeg states none.
 * Rejects (FfmpegError) when ffmpeg finds no audio it can read.
 */
export async function remuxAudio(input: string, output: string, muxer: string): Promise<number | null> {
  await runFfmpeg(['-y', '-i', input, '-map', '0:a:0', '-c', 'copy', '-f', muxer, output]);
  return parseDurationMs(await readFfmpegLog(['-i', output]));
}
