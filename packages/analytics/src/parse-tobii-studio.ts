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
  type ScreenSize,
  splitTabs,
} from './gaze-import.js';

/**
 * Reads a Tobii Studio data export (Export Data → .tsv, screen-based trackers): one header row of
 * column names with units in brackets, then one row per sample or event, tab-separated, decimal
 * point or comma. Columns used (other columns, such as the fixation filter's FixationIndex,
 * GazeEventType, GazeEventDuration and FixationPointX (MCSpx), are ignored: the product detects its
 * own fixations):
 * - `RecordingTimestamp` — ms from the recording's start;
 * - `GazePointX (ADCSpx)`, `GazePointY (ADCSpx)` — the eyes' mean on the recording's screen, px
 *   (empty when neither eye was found);
 * - without them, `GazePointX (MCSpx)`, `GazePointY (MCSpx)` — the same on the media shown, px from
 *   its top left, placed on the screen by `MediaPosX (ADCSpx)`, `MediaPosY (ADCSpx)` (needed). A
 *   media larger than the screen (`MediaWidth`, `MediaHeight` beside `RecordingResolution`) was
 *   scaled by Studio, so its coordinates are not screen pixels: refused;
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
  const recordings = new Map<
    string,
    { builder: RecordingBuilder; screen: ScreenSize | null; fit: ScreenFit }
  >();
  let rows = 0;
  const columns = forEachTableRow(text, splitTabs, studioColumns, (fields, c, number) => {
    rows++;
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
    const recording = recordingOf(recordings, `${field(c.participant)}/${field(c.recording)}`, () => {
      const screen = screenOf(field(c.resolution), number);
      return {
        builder: new RecordingBuilder(),
        screen,
        fit: screen ? fitScreen(screen, o.screen) : SAME_SCREEN,
      };
    });
    let x = decimalIn(rawX, c.xName, number);
    let y = decimalIn(rawY, c.yName, number);
    if (!hasValidEye(field(c.validityLeft), field(c.validityRight), number) || Number.isNaN(x + y)) {
      x = Number.NaN;
      y = Number.NaN;
    } else if (c.media) {
      const [left, top] = mediaCornerOf(c.media, field, recording.screen, number);
      x += left;
      y += top;
    }
    const { scale, offsetX, offsetY } = recording.fit;
    recording.builder.add(
      time,
      x * scale + offsetX,
      y * scale + offsetY,
      number,
      'tobii-studio',
      'RecordingTimestamp',
    );
  });
  if (columns === null) throw new GazeImportError('the file is empty', null, 'tobii-studio');
  if (recordings.size === 0)
    throw new GazeImportError(
      rows === 0
        ? 'a Tobii Studio export with its header row only, no samples'
        : 'a Tobii Studio export with event rows only (MouseEvent, KeyPressEvent, StudioEvent), no gaze samples',
      null,
      'tobii-studio',
    );
  return [...recordings.entries()].map(([key, r]) =>
    r.builder.build('tobii-studio', key === '/' ? null : key.replace(/^\/|\/$/g, ''), null, 0),
  );
}

/** A number of the column `name` on `line`; NaN when empty, refused when anything else. */
function decimalIn(raw: string, name: string, line: number): number {
  const value = parseDecimal(raw);
  if (raw !== '' && Number.isNaN(value))
    throw new GazeImportError(`${name} is not a number ("${raw}")`, line, 'tobii-studio');
  return value;
}

type StudioColumns = {
  time: number;
  x: number;
  y: number;
  xName: string;
  yName: string;
  /** Where the media sits on the screen, when the gaze is in media coordinates (MCSpx). */
  media: MediaColumns | null;
  validityLeft: number;
  validityRight: number;
  resolution: number;
  participant: number;
  recording: number;
  /** Columns that mark a row as an event rather than a gaze sample. */
  events: number[];
};

type MediaColumns = { left: number; top: number; width: number; height: number };

const SCREEN_GAZE = ['GazePointX (ADCSpx)', 'GazePointY (ADCSpx)'] as const;
const MEDIA_GAZE = ['GazePointX (MCSpx)', 'GazePointY (MCSpx)'] as const;
const MEDIA_CORNER = ['MediaPosX (ADCSpx)', 'MediaPosY (ADCSpx)'] as const;

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
  const onScreen = SCREEN_GAZE.every((name) => find(name) >= 0);
  const onMedia = !onScreen && MEDIA_GAZE.every((name) => find(name) >= 0);
  if (!onScreen && !onMedia) throw new GazeImportError(withoutGazeMessage(names), 1, 'tobii-studio');
  if (onMedia && !MEDIA_CORNER.every((name) => find(name) >= 0))
    throw new GazeImportError(
      'a Tobii Studio export with gaze in media coordinates (GazePointX (MCSpx)) but without "MediaPosX (ADCSpx)" and "MediaPosY (ADCSpx)", so the media\'s place on the screen is unknown: export it again with those columns, or with "GazePointX (ADCSpx)" and "GazePointY (ADCSpx)"',
      1,
      'tobii-studio',
    );
  const [xName, yName] = onScreen ? SCREEN_GAZE : MEDIA_GAZE;
  return {
    time,
    x: find(xName),
    y: find(yName),
    xName,
    yName,
    media: onMedia
      ? {
          left: find(MEDIA_CORNER[0]),
          top: find(MEDIA_CORNER[1]),
          width: find('MediaWidth'),
          height: find('MediaHeight'),
        }
      : null,
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
  const what = names.includes('FixationPointX (MCSpx)')
    ? 'a Tobii Studio export of fixations only (FixationPointX (MCSpx)), without gaze samples'
    : 'a Tobii Studio export without gaze point columns';
  return `${what}: export it again with "GazePointX (ADCSpx)" and "GazePointY (ADCSpx)"`;
}

/**
 * The top left of the media a row's gaze is on, px of the screen. Studio shows a media larger than
 * the screen scaled down, and its media coordinates are then not screen pixels: refused.
 */
function mediaCornerOf(
  media: MediaColumns,
  field: (index: number) => string,
  screen: ScreenSize | null,
  line: number,
): [number, number] {
  const [left, top] = [field(media.left), field(media.top)];
  if (left === '' || top === '')
    throw new GazeImportError(
      `${MEDIA_CORNER[left === '' ? 0 : 1]} is empty beside a gaze point in media coordinates: the media's place on the screen is unknown`,
      line,
      'tobii-studio',
    );
  const corner: [number, number] = [
    decimalIn(left, MEDIA_CORNER[0], line),
    decimalIn(top, MEDIA_CORNER[1], line),
  ];
  const width = parseDecimal(field(media.width));
  const height = parseDecimal(field(media.height));
  if (screen && (corner[0] + width > screen.widthPx || corner[1] + height > screen.heightPx))
    throw new GazeImportError(
      `the media (MediaWidth × MediaHeight ${width} × ${height} at ${corner.join(', ')}) is larger than the screen (RecordingResolution ${screen.widthPx} x ${screen.heightPx}): Studio scaled it, so its coordinates (GazePointX (MCSpx)) are not screen pixels; export "GazePointX (ADCSpx)" and "GazePointY (ADCSpx)"`,
      line,
      'tobii-studio',
    );
  return corner;
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

/** The recording's screen ("1920 x 1080"), or null when the file does not say. */
function screenOf(resolution: string, line: number): ScreenSize | null {
  if (resolution === '') return null;
  const match = /^(\d+)\s*[x×]\s*(\d+)$/i.exec(resolution);
  const [width, height] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
  if (!(width > 0 && height > 0))
    throw new GazeImportError(
      `RecordingResolution "${resolution}" is not a size such as 1920 x 1080`,
      line,
      'tobii-studio',
    );
  return { widthPx: width, heightPx: height };
}
