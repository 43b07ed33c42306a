import {
  DEFAULT_GAZE_IMPORT_OPTIONS,
  fitScreen,
  forEachTableRow,
  GazeImportError,
  type GazeImportOptions,
  type ImportedRecording,
  parseDecimal,
  RecordingBuilder,
  recordingOf,
  SAME_SCREEN,
  type ScreenFit,
  splitTabs,
} from './gaze-import.js';

/**
 * Reads a Tobii Pro Lab data export (Analyze → Data export, "single standard file", .tsv): one
 * header row of column names, then one row per sample or event, tab-separated, decimal point or
 * comma. Columns used (matched by name; units in brackets after the name are read, other columns
 * ignored):
 * - `Recording timestamp` — time from the recording's start: µs when the header says [μs]/[us],
 *   else ms (older exports);
 * - `Gaze point X`, `Gaze point Y` — px on the recording's screen (`[DACS px]` in newer exports), or
 *   else `Gaze point X [DACS mm]`, `Gaze point Y [DACS mm]` — mm from its top left (needs
 *   `options.screenMm`);
 * - `Recording resolution width`, `…height` — the recording's screen in px (else taken to be
 *   `options.screen`);
 * - `Validity left`, `Validity right` — a sample is lost when its gaze point is empty or both eyes
 *   are Invalid;
 * - `Sensor` — rows of another sensor than the eye tracker (mouse, keyboard) are skipped, as are
 *   event rows (`Event` set, no gaze columns);
 * - `Participant name`, `Recording name` — one recording per pair, named "participant/recording";
 * - `Recording date UTC` (YYYY-MM-DD or DD.MM.YYYY) and `Recording start time UTC` (HH:MM:SS.fff)
 *   give the start (epoch ms); without the UTC columns the start is unknown (null).
 * Positions are fitted from the recording's resolution (or mm size) into `options.screen`, the
 * aspect ratio kept;
 * timestamps are ms from the recording's start. Throws {@link GazeImportError} naming the line of
 * a bad row (a time that is not a number or goes back, a gaze value that is not a number).
 */
export function parseTobiiProLab(
  text: string,
  options: Partial<GazeImportOptions> = {},
): ImportedRecording[] {
  const o = { ...DEFAULT_GAZE_IMPORT_OPTIONS, ...options };
  const recordings = new Map<string, { builder: RecordingBuilder; start: number | null; fit: ScreenFit }>();
  const readHeader = (line: string) => tobiiColumns(line, o);
  const columns = forEachTableRow(text, splitTabs, readHeader, (fields, c, number) => {
    const field = (index: number) => (index >= 0 ? (fields[index] ?? '') : '');
    const sensor = field(c.sensor).trim();
    if (sensor !== '' && !/^eye ?tracker$/i.test(sensor)) return;
    const rawX = field(c.x).trim();
    const rawY = field(c.y).trim();
    if (field(c.event).trim() !== '' && rawX === '' && rawY === '') return;
    const time = parseDecimal(field(c.time));
    if (!Number.isFinite(time))
      throw new GazeImportError(`${c.timeName} is not a number ("${field(c.time)}")`, number, 'tobii');
    const key = `${field(c.participant).trim()}/${field(c.recording).trim()}`;
    const recording = recordingOf(recordings, key, () => ({
      builder: new RecordingBuilder(),
      start: startOf(field(c.dateUtc), field(c.timeUtc)),
      fit: fitOf(c, field(c.resolutionWidth), field(c.resolutionHeight), o, number),
    }));
    const isInvalid =
      /^invalid$/i.test(field(c.validityLeft).trim()) && /^invalid$/i.test(field(c.validityRight).trim());
    let x = parseDecimal(rawX);
    let y = parseDecimal(rawY);
    if (rawX !== '' && Number.isNaN(x))
      throw new GazeImportError(`${c.xName} is not a number ("${rawX}")`, number, 'tobii');
    if (rawY !== '' && Number.isNaN(y))
      throw new GazeImportError(`${c.yName} is not a number ("${rawY}")`, number, 'tobii');
    if (isInvalid || Number.isNaN(x + y)) {
      x = Number.NaN;
      y = Number.NaN;
    }
    const { scale, offsetX, offsetY } = recording.fit;
    recording.builder.add(
      time * c.timeToMs,
      x * scale + offsetX,
      y * scale + offsetY,
      number,
      'tobii',
      c.timeName,
    );
  });
  if (columns === null) throw new GazeImportError('the file is empty', null, 'tobii');
  return [...recordings.entries()].map(([key, r]) =>
    r.builder.build('tobii', key === '/' ? null : key.replace(/^\/|\/$/g, ''), r.start, 0),
  );
}

type TobiiColumns = {
  time: number;
  timeName: string;
  timeToMs: number;
  x: number;
  y: number;
  xName: string;
  yName: string;
  isMm: boolean;
  validityLeft: number;
  validityRight: number;
  sensor: number;
  event: number;
  participant: number;
  recording: number;
  resolutionWidth: number;
  resolutionHeight: number;
  dateUtc: number;
  timeUtc: number;
};

/** Reads the header row: the index of every column used (−1 when absent). */
function tobiiColumns(line: string, o: GazeImportOptions): TobiiColumns {
  const names = line.split('\t').map((name) => name.trim().replace(/^"|"$/g, ''));
  /** The column called `name`, alone or followed by a unit in brackets matching `unit`. */
  const find = (name: string, unit?: RegExp) =>
    names.findIndex((n) => {
      if (n.toLowerCase() === name.toLowerCase()) return unit === undefined;
      const m = /^(.*?)\s*[[(](.*)[\])]$/.exec(n);
      return (
        m !== null && (m[1] ?? '').toLowerCase() === name.toLowerCase() && (unit?.test(m[2] ?? '') ?? true)
      );
    });
  const time = find('Recording timestamp');
  if (time < 0)
    throw new GazeImportError('no "Recording timestamp" column: not a Tobii Pro Lab data export', 1, 'tobii');
  const timeName = names[time] ?? '';
  const isMicro = /\[(μs|µs|us)\]/i.test(timeName);
  // Pixels: with a px unit (newer exports) or without a unit (older ones, always px).
  const exact = (name: string) => names.findIndex((n) => n.toLowerCase() === name.toLowerCase());
  let x = find('Gaze point X', /px/i);
  let y = find('Gaze point Y', /px/i);
  if (x < 0 || y < 0) {
    x = exact('Gaze point X');
    y = exact('Gaze point Y');
  }
  let isMm = false;
  if (x < 0 || y < 0) {
    x = find('Gaze point X', /mm/i);
    y = find('Gaze point Y', /mm/i);
    isMm = x >= 0 && y >= 0;
    if (isMm && !o.screenMm)
      throw new GazeImportError(
        `a Tobii Pro Lab export with gaze in mm only ("${names[x]}"): give the screen's size in mm (--screen-mm)`,
        1,
        'tobii',
      );
  }
  if (x < 0 || y < 0)
    throw new GazeImportError(
      'a Tobii Pro Lab export without gaze point columns: export it again with "Gaze point X" and "Gaze point Y"',
      1,
      'tobii',
    );
  return {
    time,
    timeName,
    timeToMs: isMicro ? 0.001 : 1,
    x,
    y,
    xName: names[x] ?? '',
    yName: names[y] ?? '',
    isMm,
    validityLeft: find('Validity left'),
    validityRight: find('Validity right'),
    sensor: find('Sensor'),
    event: find('Event'),
    participant: find('Participant name'),
    recording: find('Recording name'),
    resolutionWidth: find('Recording resolution width'),
    resolutionHeight: find('Recording resolution height'),
    dateUtc: find('Recording date UTC'),
    timeUtc: find('Recording start time UTC'),
  };
}

/**
 * From the file's units (px of its resolution, or mm of the screen) to px of the options' screen,
 * the aspect ratio kept (fitScreen).
 */
function fitOf(
  c: TobiiColumns,
  width: string,
  height: string,
  o: GazeImportOptions,
  line: number,
): ScreenFit {
  if (c.isMm && o.screenMm)
    return fitScreen({ widthPx: o.screenMm.widthMm, heightPx: o.screenMm.heightMm }, o.screen);
  const w = parseDecimal(width);
  const h = parseDecimal(height);
  if (width.trim() === '' && height.trim() === '') return SAME_SCREEN;
  if (!(w > 0 && h > 0))
    throw new GazeImportError(
      `Recording resolution width/height ("${width}", "${height}") is not a screen size`,
      line,
      'tobii',
    );
  return fitScreen({ widthPx: w, heightPx: h }, o.screen);
}

/** Epoch ms of a UTC date (YYYY-MM-DD or DD.MM.YYYY) and time of day (HH:MM:SS[.fff]), or null. */
function startOf(date: string, time: string): number | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  const dotted = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(date.trim());
  const clock = /^(\d{1,2}):(\d{2}):(\d{2})(?:[.,](\d{1,3}))?$/.exec(time.trim());
  const ymd = iso ? [iso[1], iso[2], iso[3]] : dotted ? [dotted[3], dotted[2], dotted[1]] : null;
  if (!ymd || !clock) return null;
  const [year, month, day] = ymd.map(Number) as [number, number, number];
  const ms = Number((clock[4] ?? '0').padEnd(3, '0'));
  const value = Date.UTC(year, month - 1, day, Number(clock[1]), Number(clock[2]), Number(clock[3]), ms);
  return Number.isFinite(value) ? value : null;
}
