import {
  DEFAULT_GAZE_IMPORT_OPTIONS,
  fitScreen,
  forEachLine,
  GazeImportError,
  type GazeImportOptions,
  type ImportedRecording,
  RecordingBuilder,
  SAME_SCREEN,
} from './gaze-import.js';

/**
 * Reads an EyeLink ASC file (SR Research's edf2asc output) of gaze samples:
 * - `SAMPLES GAZE LEFT|RIGHT|LEFT RIGHT …` lines say which eyes the sample lines that follow hold
 *   (HREF or PUPIL samples are refused: they are not screen positions);
 * - sample lines: time (ms on the tracker's clock, fractional at 2000 Hz), then x, y and pupil size
 *   per eye ("." when lost), then optional velocity, resolution and input columns and the flags;
 *   both eyes give their mean when both are valid, else the valid one;
 * - `MSG <time> DISPLAY_COORDS left top right bottom` (or `GAZE_COORDS`) gives the screen the
 *   positions are in, fitted into `options.screen` with its aspect ratio kept (fitScreen); without
 *   it they are taken to be in `options.screen`;
 * - the first `START` line starts the recording: timestamps are ms from it (several recording
 *   blocks follow each other with their pauses); events (EFIX, ESACC, EBLINK …), other messages and
 *   `**` header lines are skipped. The `** DATE:` line has no time zone, so the start is unknown
 *   (null).
 * One recording (name null). Throws {@link GazeImportError} naming the line of a bad sample line.
 */
export function parseEyelinkAsc(text: string, options: Partial<GazeImportOptions> = {}): ImportedRecording[] {
  const o = { ...DEFAULT_GAZE_IMPORT_OPTIONS, ...options };
  const builder = new RecordingBuilder();
  let eyes: Eyes | null = null;
  let start = Number.NaN;
  let fit = SAME_SCREEN;
  let left = 0;
  let top = 0;
  forEachLine(text, (line, number) => {
    const first = line.charCodeAt(0);
    if (first >= 48 && first <= 57) {
      if (eyes === null)
        throw new GazeImportError('a sample line before any SAMPLES line', number, 'eyelink');
      const [time, x, y] = readSample(line, eyes, number);
      if (Number.isNaN(start)) start = time;
      builder.add(
        time,
        (x - left) * fit.scale + fit.offsetX,
        (y - top) * fit.scale + fit.offsetY,
        number,
        'eyelink',
      );
      return true;
    }
    const words = line.trim().split(/\s+/);
    const keyword = words[0] ?? '';
    // A message may carry a time offset after its time: find the keyword.
    const coords =
      keyword === 'MSG' ? words.findIndex((w) => w === 'DISPLAY_COORDS' || w === 'GAZE_COORDS') : -1;
    if (keyword === 'START' && Number.isNaN(start)) start = Number(words[1]);
    else if (keyword === 'SAMPLES') eyes = samplesLine(words, number);
    else if (coords > 0) {
      const [l, t, r, b] = words.slice(coords + 1, coords + 5).map(Number) as [
        number,
        number,
        number,
        number,
      ];
      if (!(r > l && b > t))
        throw new GazeImportError(
          `${words[coords]} "${words.slice(coords + 1).join(' ')}" is not a screen`,
          number,
          'eyelink',
        );
      left = l;
      top = t;
      fit = fitScreen({ widthPx: r - l + 1, heightPx: b - t + 1 }, o.screen);
    }
    return true;
  });
  if (builder.count === 0) throw new GazeImportError('no gaze samples in the file', null, 'eyelink');
  return [builder.build('eyelink', null, null, start)];
}

type Eyes = 'left' | 'right' | 'both';

/** The eyes of a `SAMPLES` line; GAZE data only. */
function samplesLine(words: string[], line: number): Eyes {
  if (words[1] !== 'GAZE')
    throw new GazeImportError(
      `samples are ${words[1] ?? '?'}, not GAZE: export gaze positions (edf2asc without -sh/-sp)`,
      line,
      'eyelink',
    );
  const hasLeft = words.includes('LEFT');
  const hasRight = words.includes('RIGHT');
  if (hasLeft && hasRight) return 'both';
  if (hasLeft || hasRight) return hasLeft ? 'left' : 'right';
  throw new GazeImportError('the SAMPLES line names no eye', line, 'eyelink');
}

/** Time (ms) and position of a sample line; NaN position when lost. */
function readSample(line: string, eyes: Eyes, number: number): [number, number, number] {
  const f = line.trim().split(/\s+/);
  const needed = eyes === 'both' ? 7 : 4;
  if (f.length < needed)
    throw new GazeImportError(`expected at least ${needed} fields, found ${f.length}`, number, 'eyelink');
  const time = Number(f[0]);
  if (!Number.isFinite(time))
    throw new GazeImportError(`the time "${f[0]}" is not a number`, number, 'eyelink');
  const value = (index: number) => {
    const raw = f[index] ?? '';
    if (raw === '.') return Number.NaN;
    const v = Number(raw);
    if (!Number.isFinite(v))
      throw new GazeImportError(`"${raw}" is not a gaze coordinate`, number, 'eyelink');
    return v;
  };
  const [ax, ay] = [value(1), value(2)];
  if (eyes !== 'both') return [time, ax, ay];
  const [bx, by] = [value(4), value(5)];
  const aValid = !Number.isNaN(ax + ay);
  const bValid = !Number.isNaN(bx + by);
  if (aValid && bValid) return [time, (ax + bx) / 2, (ay + by) / 2];
  return aValid ? [time, ax, ay] : [time, bx, by];
}
