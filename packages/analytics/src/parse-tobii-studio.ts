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
 * Reads a Tobii Studio data export (Export Data → .tsv, screen-based trackers): one header row of
 * column names with units in brackets, then one row per sample or event, tab-separated, decimal
 * point or comma. Columns used (other columns, such as the fixation filter's FixationIndex,
 * GazeEventType and FixationPointX (MCSpx), are ignored: the product detects its own fixations):
 * - `RecordingTimestamp` — ms from the recording's start;
 * - `GazePointX (ADCSpx)`, `GazePointY (ADCSpx)` — the eyes' mean on the recording's screen, px
 *   (empty when neither eye was found);
 * - `ValidityLeft`, `ValidityRight` — Tobii's codes 0 (certain) to 4 (eye not found): a sample is
 *   lost when neither eye is 0 or 1, as Tobii advises;
 * - `RecordingResolution` — the screen, "1920 x 1080", fitted into `options.screen` with its aspect
 *   ratio kept (without it the positions are taken to be in `options.screen`);
 * - `ParticipantName`, `RecordingName` — one recording per pair, named "participant/recording";
 * - rows that carry an event (`MouseEvent`, `KeyPressEvent`, `StudioEvent`) and no gaze point are
 *   skipped.
 * The file gives its start only as local time without a zone (`RecordingDate`,
 * `RecordingStartTime`), so the start is unknown (null). Throws {@link GazeImportError} naming the
 * line and the column of a bad row, and says what a file without the gaze columns is.
 */
export function parseTobiiStudio(
  text: string,
  options: Partial<GazeImportOptions> = {},
): ImportedRecording[] {
  const o = { ...DEFAULT_GAZE_IMPORT_OPTIONS, ...options };
  const recordings = new Map<string, { builder: RecordingBuilder; fit: ScreenFit }>();
  const columns = forEachTableRow(text, splitTabs, studioColumns, (fields, c, number) => {
    const field = (index: number) => (index >= 0 ? (fields[index] ?? '').trim() : '');
    const rawX = field(c.x);
    const rawY = field(c.y);
    if (rawX === '' && rawY === '' && c.events.some((index) => field(index) !== '')) return;
    const time = parseDecimal(field(c.time));
    if (!Number.isFinite(time))
      throw new GazeImportError(
        `RecordingTimestamp is not a number ("${field(c.time)}")`,
        number,
        'tobii-studio',
      );
    const recording = recordingOf(recordings, `${field(c.participant)}/${field(c.recording)}`, () => ({
      builder: new RecordingBuilder(),
      fit: fitOf(field(c.resolution), o, number),
    }));
    let x = parseDecimal(rawX);
    let y = parseDecimal(rawY);
    if (rawX !== '' && Number.isNaN(x))
      throw new GazeImportError(`GazePointX (ADCSpx) is not a number ("${rawX}")`, number, 'tobii-studio');
    if (rawY !== '' && Number.isNaN(y))
      throw new GazeImportError(`GazePointY (ADCSpx) is not a number ("${rawY}")`, number, 'tobii-studio');
    if (!hasValidEye(field(c.validityLeft), field(c.validityRight), number) || Number.isNaN(x + y)) {
      x = Number.NaN;
      y = Number.NaN;
    }
    const { scale, offsetX, offsetY } = recording.fit;
    recording.builder.add(time, x * scale + offsetX, y * scale + offsetY, number, 'tobii-studio');
  });
  if (columns === null) throw new GazeImportError('the file is empty', null, 'tobii-studio');
  if (recordings.size === 0) throw new GazeImportError('no gaze samples in the file', null, 'tobii-studio');
  return [...recordings.entries()].map(([key, r]) =>
    r.builder.build('tobii-studio', key === '/' ? null : key.replace(/^\/|\/$/g, ''), null, 0),
  );
}

type StudioColumns = {
  time: number;
  x: number;
  y: number;
  validityLeft: number;
  validityRight: number;
  resolution: number;
  participant: number;
  recording: number;
  /** Columns that mark a row as an event rather than a gaze sample. */
  events: number[];
};

/** Reads the header row: the index of every column used (−1 when absent). */
function studioColumns(line: string): StudioColumns {
  const names = line.split('\t').map((name) => name.trim().replace(/^"|"$/g, ''));
  const find = (name: string) => names.indexOf(name);
  const time = find('RecordingTimestamp');
  if (time < 0)
    throw new GazeImportError(
      'no "RecordingTimestamp" column: not a Tobii Studio data export',
      1,
      'tobii-studio',
    );
  const x = find('GazePointX (ADCSpx)');
  const y = find('GazePointY (ADCSpx)');
  if (x < 0 || y < 0) throw new GazeImportError(withoutGazeMessage(names), 1, 'tobii-studio');
  return {
    time,
    x,
    y,
    validityLeft: find('ValidityLeft'),
    validityRight: find('ValidityRight'),
    resolution: find('RecordingResolution'),
    participant: find('ParticipantName'),
    recording: find('RecordingName'),
    events: ['MouseEvent', 'KeyPressEvent', 'StudioEvent'].map(find).filter((index) => index >= 0),
  };
}

/** What a Tobii Studio export without the screen's gaze columns holds instead, and what to export. */
function withoutGazeMessage(names: string[]): string {
  const what = names.includes('GazePointX (MCSpx)')
    ? 'a Tobii Studio export with gaze in media coordinates only (GazePointX (MCSpx))'
    : names.includes('FixationPointX (MCSpx)')
      ? 'a Tobii Studio export of fixations only (FixationPointX (MCSpx)), without gaze samples'
      : 'a Tobii Studio export without gaze point columns';
  return `${what}: export it again with "GazePointX (ADCSpx)" and "GazePointY (ADCSpx)"`;
}

/**
 * Whether either eye's validity code is 0 or 1; an empty code counts as valid (exports without
 * the validity columns), anything else than 0–4 is refused.
 */
function hasValidEye(left: string, right: string, line: number): boolean {
  const code = (raw: string, name: string) => {
    if (raw === '') return null;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0 || value > 4)
      throw new GazeImportError(`${name} is not a validity code 0–4 ("${raw}")`, line, 'tobii-studio');
    return value;
  };
  const codes = [code(left, 'ValidityLeft'), code(right, 'ValidityRight')];
  if (codes.every((value) => value === null)) return true;
  return codes.some((value) => value !== null && value <= 1);
}

/** The recording's screen ("1920 x 1080") fitted into the options' screen; as it is without one. */
function fitOf(resolution: string, o: GazeImportOptions, line: number): ScreenFit {
  if (resolution === '') return SAME_SCREEN;
  const match = /^(\d+)\s*[x×]\s*(\d+)$/i.exec(resolution);
  const [width, height] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
  if (!(width > 0 && height > 0))
    throw new GazeImportError(
      `RecordingResolution "${resolution}" is not a size such as 1920 x 1080`,
      line,
      'tobii-studio',
    );
  return fitScreen({ widthPx: width, heightPx: height }, o.screen);
}
