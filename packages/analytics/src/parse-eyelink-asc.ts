import {
  DEFAULT_GAZE_IMPORT_OPTIONS,
  fitScreen,
  forEachLine,
  GazeImportError,
  type GazeImportOptions,
  type ImportedRecording,
  RecordingBuilder,
  type ScreenSize,
} from './gaze-import.js';

/**
 * Reads an EyeLink ASC file (SR Research's edf2asc output) of gaze samples:
 * - `SAMPLES GAZE LEFT|RIGHT|LEFT RIGHT …` lines say which eyes the sample lines that follow hold
 *   (HREF or PUPIL samples are refused: they are not screen positions);
 * - sample lines: time (ms on the tracker's clock, fractional at 2000 Hz), then x, y and pupil size
 *   per eye ("." when lost), then optional velocity, resolution and input columns and the flags;
 *   both eyes give their mean when both are valid, else the valid one;
 * - the screen the positions are in: `MSG <time> GAZE_COORDS left top right bottom` (the tracker's
 *   own mapping of the samples), else `MSG <time> DISPLAY_COORDS …` (what the experiment told Data
 *   Viewer), wherever it is in the file; a 1024×768 screen is `0 0 1023 767`. It is fitted into
 *   `options.screen` with its aspect ratio kept (fitScreen): the caller's frame wins. Without either
 *   message the positions are taken to be in `options.screen`; a file whose screen changes is refused;
 * - the first `START` line starts the recording: timestamps are ms from it (several recording
 *   blocks follow each other with their pauses); events (EFIX, ESACC, EBLINK …), other messages and
 *   `**` header lines are skipped. The `** DATE:` line has no time zone, so the start is unknown
 *   (null).
 * One recording (name null). Throws {@link GazeImportError} naming the line and the field of a bad
 * line.
 */
export function parseEyelinkAsc(text: string, options: Partial<GazeImportOptions> = {}): ImportedRecording[] {
  const o = { ...DEFAULT_GAZE_IMPORT_OPTIONS, ...options };
  const builder = new RecordingBuilder();
  const screens: Record<CoordsMessage, ScreenMessage | null> = { GAZE_COORDS: null, DISPLAY_COORDS: null };
  let eyes: Eyes | null = null;
  let start = Number.NaN;
  forEachLine(text, (line, number) => {
    const first = line.charCodeAt(0);
    if (first >= 48 && first <= 57) {
      if (eyes === null)
        throw new GazeImportError(
          'a sample line before any SAMPLES line (which says which eyes the columns hold)',
          number,
          'eyelink',
        );
      const [time, x, y] = readSample(line, eyes, number);
      if (Number.isNaN(start)) start = time;
      builder.add(time, x, y, number, 'eyelink', 'the time');
      return true;
    }
    const words = line.trim().split(/\s+/);
    const keyword = words[0] ?? '';
    if (keyword === 'START' && Number.isNaN(start)) start = Number(words[1]);
    else if (keyword === 'SAMPLES') eyes = samplesLine(words, number);
    else if (keyword === 'MSG') readScreenMessage(words, number, screens);
    return true;
  });
  if (builder.count === 0)
    throw new GazeImportError(
      'an EyeLink ASC without sample lines (converted from the EDF with events only): convert it again with samples (edf2asc without -e or -ns)',
      null,
      'eyelink',
    );
  const recording = builder.build('eyelink', null, null, start);
  const screen = screens.GAZE_COORDS ?? screens.DISPLAY_COORDS;
  if (screen) {
    if (screen.changed !== null)
      throw new GazeImportError(
        `the screen changes: ${screen.message} names ${screen.changed.widthPx} × ${screen.changed.heightPx} where line ${screen.line} named ${screen.widthPx} × ${screen.heightPx}; import each screen's part on its own`,
        screen.changed.line,
        'eyelink',
      );
    const { scale, offsetX, offsetY } = fitScreen(screen, o.screen);
    for (let i = 0; i < recording.x.length; i++) {
      recording.x[i] = ((recording.x[i] as number) - screen.left) * scale + offsetX;
      recording.y[i] = ((recording.y[i] as number) - screen.top) * scale + offsetY;
    }
  }
  return [recording];
}

type CoordsMessage = 'GAZE_COORDS' | 'DISPLAY_COORDS';

/** The first screen a kind of message names, its line, and the first other screen it names. */
type ScreenMessage = ScreenSize & {
  message: CoordsMessage;
  left: number;
  top: number;
  line: number;
  changed: (ScreenSize & { line: number }) | null;
};

/** Notes a `GAZE_COORDS` or `DISPLAY_COORDS` message (a message may carry a time offset after its time). */
function readScreenMessage(
  words: string[],
  line: number,
  screens: Record<CoordsMessage, ScreenMessage | null>,
): void {
  const at = words.findIndex((w) => w === 'GAZE_COORDS' || w === 'DISPLAY_COORDS');
  if (at < 0) return;
  const message = words[at] as CoordsMessage;
  const [l, t, r, b] = words.slice(at + 1, at + 5).map(Number) as [number, number, number, number];
  if (!(r > l && b > t))
    throw new GazeImportError(
      `${message} "${words.slice(at + 1).join(' ')}" is not a screen (left top right bottom, such as 0 0 1023 767)`,
      line,
      'eyelink',
    );
  const seen = screens[message];
  const screen = { widthPx: r - l + 1, heightPx: b - t + 1 };
  if (seen === null) screens[message] = { ...screen, message, left: l, top: t, line, changed: null };
  else if (
    seen.changed === null &&
    (seen.left !== l ||
      seen.top !== t ||
      seen.widthPx !== screen.widthPx ||
      seen.heightPx !== screen.heightPx)
  )
    seen.changed = { ...screen, line };
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

/** The fields of a sample line after the time, in order, by eyes. */
const SAMPLE_FIELDS: Record<Eyes, string[]> = {
  left: ["the left eye's x", "the left eye's y"],
  right: ["the right eye's x", "the right eye's y"],
  both: ["the left eye's x", "the left eye's y", 'the left pupil', "the right eye's x", "the right eye's y"],
};

/** Time (ms) and position of a sample line; NaN position when lost. */
function readSample(line: string, eyes: Eyes, number: number): [number, number, number] {
  const f = line.trim().split(/\s+/);
  const needed = eyes === 'both' ? 7 : 4;
  if (f.length < needed) {
    const columns = eyes === 'both' ? 'x, y and pupil of each eye' : `the ${eyes} eye's x, y and pupil`;
    throw new GazeImportError(
      `a sample line of ${f.length} fields, expected at least ${needed}: the time, then ${columns}`,
      number,
      'eyelink',
    );
  }
  const time = Number(f[0]);
  if (!Number.isFinite(time))
    throw new GazeImportError(`the time "${f[0]}" is not a number`, number, 'eyelink');
  const value = (index: number) => {
    const raw = f[index] ?? '';
    if (raw === '.') return Number.NaN;
    const v = Number(raw);
    if (!Number.isFinite(v))
      throw new GazeImportError(
        `${SAMPLE_FIELDS[eyes][index - 1]} "${raw}" is not a gaze coordinate`,
        number,
        'eyelink',
      );
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
