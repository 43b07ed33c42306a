import { splitCsvLine } from './csv-line.js';
import {
  DEFAULT_GAZE_IMPORT_OPTIONS,
  forEachTableRow,
  GazeImportError,
  type GazeImportOptions,
  type ImportedRecording,
  parseDecimal,
  RecordingBuilder,
  recordingOf,
} from './gaze-import.js';

/** Pupil Core's recommended minimum confidence of a gaze datum. */
export const PUPIL_MIN_CONFIDENCE = 0.6;

/**
 * Reads Pupil Labs gaze mapped to the screen, comma-separated with a header row, in either form:
 * - Pupil Cloud (Neon, Invisible) Marker Mapper enrichment `gaze.csv`: `recording id`,
 *   `timestamp [ns]` (UTC, ns), `gaze position on surface x [normalized]` and `… y …` ((0, 0) the
 *   surface's top left, (1, 1) its bottom right; empty when the surface was not found), `blink id`
 *   (a sample in a blink is lost). One recording per recording id; its start is its first sample's
 *   UTC time (epoch ms).
 * - Pupil Core (Player's Surface Tracker export) `gaze_positions_on_surface_<surface>.csv`:
 *   `gaze_timestamp` (s, Pupil's own clock), `x_norm`, `y_norm` ((0, 0) the surface's bottom left),
 *   `confidence` (below {@link PUPIL_MIN_CONFIDENCE} the sample is lost). One recording, start
 *   unknown (null); a gaze datum listed again for the next world frame is read once.
 * Gaze off the surface (outside 0–1) is kept: the participant looked beside the screen. Positions
 * become px of `options.screen`; timestamps ms from the first sample. Scene-camera gaze (`gaze x
 * [px]`, no surface) is refused: it says nothing about the screen without the Marker Mapper. Throws
 * {@link GazeImportError} naming the line of a bad row.
 */
export function parsePupilGaze(text: string, options: Partial<GazeImportOptions> = {}): ImportedRecording[] {
  const o = { ...DEFAULT_GAZE_IMPORT_OPTIONS, ...options };
  const { widthPx: w, heightPx: h } = o.screen;
  const recordings = new Map<string, { builder: RecordingBuilder; first: number }>();
  const columns = forEachTableRow(text, splitCsvLine, pupilColumns, (fields, c, number) => {
    if (fields.length < c.width)
      throw new GazeImportError(`expected ${c.width} fields, found ${fields.length}`, number, 'pupil');
    const field = (index: number) => (index >= 0 ? (fields[index] ?? '') : '');
    const rawTime = field(c.time);
    const time = parseDecimal(rawTime);
    if (!Number.isFinite(time))
      throw new GazeImportError(`${c.timeName} is not a number ("${rawTime}")`, number, 'pupil');
    const recording = recordingOf(recordings, field(c.recording).trim(), () => ({
      builder: new RecordingBuilder(),
      first: time * c.timeToMs,
    }));
    const ms = time * c.timeToMs;
    // Pupil Core lists a gaze datum once per world frame it falls in: read it once.
    if (c.isCore && ms === recording.builder.lastTime) return;
    const rawX = field(c.x).trim();
    const rawY = field(c.y).trim();
    let x = parseDecimal(rawX);
    let y = parseDecimal(rawY);
    if (rawX !== '' && Number.isNaN(x))
      throw new GazeImportError(`${c.xName} is not a number ("${rawX}")`, number, 'pupil');
    if (rawY !== '' && Number.isNaN(y))
      throw new GazeImportError(`${c.yName} is not a number ("${rawY}")`, number, 'pupil');
    const confidence = c.confidence >= 0 ? parseDecimal(field(c.confidence)) : 1;
    const isLost =
      Number.isNaN(x + y) || field(c.blink).trim() !== '' || !(confidence >= PUPIL_MIN_CONFIDENCE);
    if (isLost) {
      x = Number.NaN;
      y = Number.NaN;
    } else {
      x *= w;
      y = (c.isCore ? 1 - y : y) * h;
    }
    recording.builder.add(ms, x, y, number, 'pupil', c.timeName);
  });
  if (columns === null) throw new GazeImportError('the file is empty', null, 'pupil');
  const isCore = columns.isCore;
  return [...recordings.entries()].map(([key, r]) =>
    r.builder.build('pupil', key === '' ? null : key, isCore ? null : Math.round(r.first), r.first),
  );
}

type PupilColumns = {
  width: number;
  isCore: boolean;
  time: number;
  timeName: string;
  timeToMs: number;
  x: number;
  y: number;
  xName: string;
  yName: string;
  confidence: number;
  blink: number;
  recording: number;
};

function pupilColumns(line: string): PupilColumns {
  const names = splitCsvLine(line).map((name) => name.trim());
  const find = (name: string) => names.indexOf(name);
  if (find('gaze position on surface x [normalized]') >= 0 && find('timestamp [ns]') >= 0)
    return {
      width: names.length,
      isCore: false,
      time: find('timestamp [ns]'),
      timeName: 'timestamp [ns]',
      timeToMs: 1e-6,
      x: find('gaze position on surface x [normalized]'),
      y: find('gaze position on surface y [normalized]'),
      xName: 'gaze position on surface x [normalized]',
      yName: 'gaze position on surface y [normalized]',
      confidence: -1,
      blink: find('blink id'),
      recording: find('recording id'),
    };
  if (find('gaze_timestamp') >= 0 && find('x_norm') >= 0 && find('y_norm') >= 0)
    return {
      width: names.length,
      isCore: true,
      time: find('gaze_timestamp'),
      timeName: 'gaze_timestamp',
      timeToMs: 1000,
      x: find('x_norm'),
      y: find('y_norm'),
      xName: 'x_norm',
      yName: 'y_norm',
      confidence: find('confidence'),
      blink: -1,
      recording: -1,
    };
  if (find('gaze x [px]') >= 0)
    throw new GazeImportError(
      'this is gaze in scene-camera pixels; map it to the screen with a Marker Mapper enrichment and import its gaze.csv',
      1,
      'pupil',
    );
  if (find('norm_pos_x') >= 0)
    throw new GazeImportError(
      'a Pupil Core gaze_positions.csv: gaze in scene-camera coordinates ("norm_pos_x"), not on the screen; export the Surface Tracker\'s gaze_positions_on_surface_<name>.csv',
      1,
      'pupil',
    );
  throw new GazeImportError(
    'a Pupil Labs CSV without surface-mapped gaze columns (Pupil Cloud: "gaze position on surface x [normalized]", Pupil Core: "x_norm")',
    1,
    'pupil',
  );
}
