import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  detectGazeFormat,
  fitScreen,
  GazeImportError,
  type ImportedRecording,
  type ScreenSize,
} from './gaze-import.js';
import { parseEyelinkAsc } from './parse-eyelink-asc.js';
import { parseGazeExport } from './parse-gaze-export.js';
import { parsePupilGaze } from './parse-pupil-gaze.js';
import { parseTobiiProLab } from './parse-tobii-pro-lab.js';
import { parseTobiiStudio } from './parse-tobii-studio.js';
import { decodeStream, encodeStream } from './stream-codec.js';
import { findStreamProblems } from './stream-validation.js';

/** The sample files written by scripts/make-gaze-import-samples.ts. */
const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/gaze-import/${name}`, import.meta.url), 'utf8');
const TOBII = fixture('tobii-pro-lab.tsv');
const TOBII_STUDIO = fixture('tobii-studio.tsv');
const PUPIL_CLOUD = fixture('pupil-cloud-gaze.csv');
const PUPIL_CORE = fixture('pupil-core-surface-gaze.csv');
const EYELINK = fixture('eyelink.asc');
const START = Date.UTC(2026, 0, 12, 9, 30, 0);

/** The path all sample files hold, in px of 1920×1080 (see the script): [from ms, to ms, x, y]. */
const STILL: [number, number, number, number][] = [
  [0, 600, 576, 432],
  [640, 1200, 1344, 378],
  [1320, 1800, 1382.4, 388.8],
  [1840, 3000, 960, 810],
];

const FULL_HD: ScreenSize = { widthPx: 1920, heightPx: 1080 };

/**
 * Checks a recording follows the sample path: positions within noise, lost in the blink. A file
 * recorded on another screen than 1920×1080 is expected letterboxed into it, its aspect kept.
 */
function expectSamplePath(
  r: ImportedRecording,
  hz: number,
  { recorded = FULL_HD, timeDigits = 2 }: { recorded?: ScreenSize; timeDigits?: number } = {},
) {
  const fit = fitScreen(recorded, FULL_HD);
  const inFrame = (x: number, y: number) => [
    fit.offsetX + (x / 1920) * recorded.widthPx * fit.scale,
    fit.offsetY + (y / 1080) * recorded.heightPx * fit.scale,
  ];
  expect(r.timestamp[0]).toBe(0);
  expect(r.timestamp.length).toBe(3 * hz);
  // Files round their times (µs, ns read as doubles, Pupil's seconds to 6 places).
  expect(r.timestamp[1]).toBeCloseTo(1000 / hz, timeDigits);
  for (let i = 0; i < r.timestamp.length; i++) {
    const t = r.timestamp[i] as number;
    const x = r.x[i] as number;
    const y = r.y[i] as number;
    if (t >= 1200 && t < 1320) {
      expect(Number.isNaN(x) && Number.isNaN(y), `lost at ${t} ms`).toBe(true);
      continue;
    }
    const still = STILL.find(([from, to]) => t >= from && t < to);
    if (!still) continue;
    // ±0.002 of the screen of noise, plus rounding to whole pixels (Tobii) and the eyes' mean.
    const [stillX, stillY] = inFrame(still[2], still[3]) as [number, number];
    expect(Math.abs(x - stillX), `x at ${t} ms`).toBeLessThan(5);
    expect(Math.abs(y - stillY), `y at ${t} ms`).toBeLessThan(3.5);
  }
}

describe('detectGazeFormat', () => {
  it('tells each export by its first lines, and nothing else', () => {
    expect(detectGazeFormat(TOBII)).toBe('tobii');
    expect(detectGazeFormat(TOBII_STUDIO)).toBe('tobii-studio');
    expect(detectGazeFormat(PUPIL_CLOUD)).toBe('pupil');
    expect(detectGazeFormat(PUPIL_CORE)).toBe('pupil');
    expect(detectGazeFormat(EYELINK)).toBe('eyelink');
    expect(detectGazeFormat('timestamp,x,y\n1,2,3\n')).toBeNull();
    expect(detectGazeFormat('')).toBeNull();
  });
});

describe('parseTobiiProLab', () => {
  it('reads each recording of a Pro Lab export: µs to ms from the start, lost samples, events and mouse rows skipped', () => {
    const recordings = parseTobiiProLab(TOBII);
    expect(recordings.map((r) => [r.name, r.startedAt])).toEqual([
      ['P01/Recording1', START],
      ['P02/Recording2', START + 65_000],
    ]);
    for (const r of recordings) {
      expect(r.format).toBe('tobii');
      expectSamplePath(r, 120);
    }
  });

  it('scales from the recording resolution to the screen asked for', () => {
    const [half] = parseTobiiProLab(TOBII, { screen: { widthPx: 960, heightPx: 540 } });
    const [full] = parseTobiiProLab(TOBII);
    expect(half?.x[10]).toBeCloseTo((full?.x[10] as number) / 2, 3);
    expect(half?.y[10]).toBeCloseTo((full?.y[10] as number) / 2, 3);
  });

  it('reads decimal commas, millisecond timestamps and millimetre gaze with the screen size', () => {
    const text = [
      'Recording timestamp\tGaze point X [DACS mm]\tGaze point Y [DACS mm]\tValidity left\tValidity right',
      '0\t264\t148,5\tValid\tValid',
      '8,333\t\t\tInvalid\tInvalid',
      '16,667\t132\t74,25\tValid\tInvalid',
    ].join('\n');
    expect(() => parseTobiiProLab(text)).toThrow(/mm only/);
    const [r] = parseTobiiProLab(text, { screenMm: { widthMm: 528, heightMm: 297 } });
    expect(Array.from(r?.timestamp ?? [])).toEqual([0, 8.333, 16.667]);
    expect(r?.x[0]).toBeCloseTo(960, 3);
    expect(r?.y[0]).toBeCloseTo(540, 3);
    expect(r?.x[1]).toBeNaN();
    expect(r?.x[2]).toBeCloseTo(480, 3);
    expect(r?.startedAt).toBeNull();
    expect(r?.name).toBeNull();
  });

  it('names the line of a bad row and answers nothing', () => {
    const lines = TOBII.split('\n');
    lines[40] = lines[40]?.replace(/^\d+/, 'soon') ?? '';
    expect(() => parseTobiiProLab(lines.join('\n'))).toThrow(
      /^line 41: Recording timestamp \[μs\] is not a number \("soon"\)/,
    );
    const back = TOBII.split('\n');
    const [a, b] = [back[30] ?? '', back[31] ?? ''];
    back[30] = b;
    back[31] = a;
    const error = (() => {
      try {
        parseTobiiProLab(back.join('\n'));
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(GazeImportError);
    expect((error as GazeImportError).line).toBe(32);
    expect((error as GazeImportError).format).toBe('tobii');
    expect(() => parseTobiiProLab('Participant name\tGaze point X\n')).toThrow(
      /no "Recording timestamp" column/,
    );
    expect(() => parseTobiiProLab('Recording timestamp\tGaze point X\tGaze point Y\n5\tleft\t3\n')).toThrow(
      /^line 2: Gaze point X is not a number \("left"\)/,
    );
    expect(() => parseTobiiProLab('Recording timestamp\tPupil diameter left\n5\t3\n')).toThrow(
      /^line 1: a Tobii Pro Lab export without gaze point columns/,
    );
  });
});

describe('parseTobiiStudio', () => {
  it('reads each recording of a Studio export: letterboxed from its 1280×1024 screen, one lost eye kept, events skipped', () => {
    const recordings = parseTobiiStudio(TOBII_STUDIO);
    expect(recordings.map((r) => [r.name, r.startedAt, r.format])).toEqual([
      ['P01/Rec 01', null, 'tobii-studio'],
      ['P02/Rec 02', null, 'tobii-studio'],
    ]);
    // Studio writes whole milliseconds
    for (const r of recordings)
      expectSamplePath(r, 60, { recorded: { widthPx: 1280, heightPx: 1024 }, timeDigits: -0.3 });
  });

  it('loses a sample when neither eye is certain or probable (validity 2 or more), keeps it with one', () => {
    const header =
      'RecordingTimestamp\tGazePointX (ADCSpx)\tGazePointY (ADCSpx)\tValidityLeft\tValidityRight';
    const [r] = parseTobiiStudio(
      [header, '0\t960\t540\t0\t4', '17\t961\t541\t2\t3', '33\t962\t542\t4\t1', '50\t\t\t4\t4'].join('\n'),
    );
    expect(Array.from(r?.x ?? [])).toEqual([960, Number.NaN, 962, Number.NaN]);
  });

  it('names the line and the column of a bad row, says what a file without gaze is, and answers nothing', () => {
    const lines = TOBII_STUDIO.split('\n');
    const column = lines[0]?.split('\t').indexOf('GazePointY (ADCSpx)') ?? -1;
    const fields = lines[20]?.split('\t') ?? [];
    expect(fields[column]).toMatch(/^\d+$/);
    fields[column] = 'abc';
    lines[20] = fields.join('\t');
    expect(() => parseTobiiStudio(lines.join('\n'))).toThrow(
      /^line 21: GazePointY \(ADCSpx\) is not a number \("abc"\)/,
    );
    const header =
      'RecordingTimestamp\tGazePointX (ADCSpx)\tGazePointY (ADCSpx)\tValidityLeft\tValidityRight';
    expect(() => parseTobiiStudio(`${header}\nsoon\t1\t2\t0\t0\n`)).toThrow(
      /^line 2: RecordingTimestamp is not a number \("soon"\)/,
    );
    expect(() => parseTobiiStudio(`${header}\n5\t1\t2\t7\t0\n`)).toThrow(
      /^line 2: ValidityLeft is not a validity code 0–4 \("7"\)/,
    );
    expect(() =>
      parseTobiiStudio(
        'RecordingTimestamp\tRecordingResolution\tGazePointX (ADCSpx)\tGazePointY (ADCSpx)\n0\twide\t1\t2\n',
      ),
    ).toThrow(/^line 2: RecordingResolution "wide" is not a size such as 1920 x 1080/);
    expect(() => parseTobiiStudio('RecordingTimestamp\tGazePointX (MCSpx)\tGazePointY (MCSpx)\n')).toThrow(
      /^line 1: a Tobii Studio export with gaze in media coordinates \(GazePointX \(MCSpx\)\) but without "MediaPosX \(ADCSpx\)"/,
    );
    expect(() =>
      parseTobiiStudio('RecordingTimestamp\tFixationPointX (MCSpx)\tFixationPointY (MCSpx)\n'),
    ).toThrow(/^line 1: a Tobii Studio export of fixations only/);
    expect(() => parseTobiiStudio('RecordingTimestamp\tPupilLeft\n')).toThrow(
      /^line 1: a Tobii Studio export without gaze point columns: export it again with "GazePointX \(ADCSpx\)"/,
    );
  });
});

/**
 * A Tobii Studio export in its real layout (Export Data with the media, event, fixation filter and
 * gaze columns, in Studio's order), gaze in media coordinates only: an image of 1024×768 in the
 * middle of a 1280×1024 screen, at (128, 128). Rows: [participant, recording, timestamp, studio
 * event, gaze event, gaze x, gaze y, validity left, validity right].
 */
const STUDIO_MEDIA_COLUMNS = [
  'ExportDate',
  'ParticipantName',
  'RecordingName',
  'RecordingResolution',
  'FixationFilter',
  'MediaName',
  'MediaPosX (ADCSpx)',
  'MediaPosY (ADCSpx)',
  'MediaWidth',
  'MediaHeight',
  'RecordingTimestamp',
  'StudioEvent',
  'StudioEventData',
  'FixationIndex',
  'GazeEventType',
  'GazeEventDuration',
  'FixationPointX (MCSpx)',
  'FixationPointY (MCSpx)',
  'GazePointX (MCSpx)',
  'GazePointY (MCSpx)',
  'DistanceLeft',
  'PupilLeft',
  'ValidityLeft',
  'ValidityRight',
];
type StudioRow = [string, string, number, string, string, string, string, number | '', number | ''];
function studioMediaExport(rows: StudioRow[]): string {
  const line = ([participant, recording, time, event, gazeEvent, x, y, left, right]: StudioRow) => {
    const onImage = event === '' || event === 'ImageEnd';
    const media = onImage ? ['hero.png', '128', '128', '1024', '768'] : ['', '', '', '', ''];
    const fixation =
      gazeEvent === 'Fixation' ? ['4', 'Fixation', '183', '512', '384'] : ['', gazeEvent, '', '', ''];
    const eye = left === '' ? ['', ''] : ['612,4', '3,13'];
    return [
      '21.1.2026',
      participant,
      recording,
      '1280 x 1024',
      'I-VT filter',
      ...media,
      String(time),
      event,
      event === 'ImageStart' ? 'hero.png' : '',
      ...fixation,
      x,
      y,
      ...eye,
      String(left),
      String(right),
    ].join('\t');
  };
  return [STUDIO_MEDIA_COLUMNS.join('\t'), ...rows.map(line)].join('\r\n');
}

/** Three recordings of two participants; the second participant's recording restarts at 0 ms. */
const STUDIO_THREE_RECORDINGS: StudioRow[] = [
  ['P01', 'Rec 01', 0, 'ImageStart', '', '', '', '', ''],
  ['P01', 'Rec 01', 0, '', 'Fixation', '512', '384', 0, 0],
  ['P01', 'Rec 01', 17, '', 'Fixation', '513', '384,5', 0, 4],
  ['P01', 'Rec 01', 33, '', 'Unclassified', '', '', 4, 4],
  ['P01', 'Rec 01', 50, '', 'Unclassified', '', '', 2, 3],
  ['P01', 'Rec 01', 67, '', 'Saccade', '0', '0', 1, 4],
  ['P01', 'Rec 01', 67, 'ImageEnd', '', '', '', '', ''],
  ['P02', 'Rec 02', 0, 'ImageStart', '', '', '', '', ''],
  ['P02', 'Rec 02', 0, '', 'Fixation', '1024', '768', 0, 0],
  ['P02', 'Rec 02', 17, '', 'Fixation', '1023', '767', 0, 0],
  ['P02', 'Rec 03', 0, '', 'Fixation', '-10', '100', 0, 0],
  ['P02', 'Rec 03', 17, '', 'Fixation', '-11', '101', 4, 0],
];

describe('parseTobiiStudio: gaze in media coordinates, several recordings (issue 27)', () => {
  // 1280×1024 into 1920×1080: ×1.0546875, 285 px each side.
  const screenX = (mediaX: number) => 285 + (128 + mediaX) * 1.0546875;
  const screenY = (mediaY: number) => (128 + mediaY) * 1.0546875;

  it('places media coordinates on the screen by the media position, each recording on its own', () => {
    const recordings = parseTobiiStudio(studioMediaExport(STUDIO_THREE_RECORDINGS));
    expect(recordings.map((r) => [r.name, r.timestamp.length])).toEqual([
      ['P01/Rec 01', 5],
      ['P02/Rec 02', 2],
      ['P02/Rec 03', 2],
    ]);
    const [p01, p02, p02b] = recordings as [ImportedRecording, ImportedRecording, ImportedRecording];
    expect(Array.from(p01.timestamp)).toEqual([0, 17, 33, 50, 67]);
    // The image's middle is the screen's middle; validity 4 and empty cells are lost, so are
    // codes 2 and 3; one eye of code 0 or 1 keeps the sample; a decimal comma is read.
    expect(Array.from(p01.x)).toEqual([960, screenX(513), Number.NaN, Number.NaN, screenX(0)]);
    expect(p01.y[0]).toBe(540);
    expect(p01.y[1]).toBeCloseTo(screenY(384.5), 3);
    expect(p02.x[0]).toBeCloseTo(screenX(1024), 3);
    expect(p02.y[0]).toBeCloseTo(screenY(768), 3);
    // Off the image, still on the screen: kept.
    expect(p02b.x[0]).toBeCloseTo(screenX(-10), 3);
  });

  it('answers nothing when one recording of the file has a bad row, naming its line and column', () => {
    const rows = STUDIO_THREE_RECORDINGS.map((row): StudioRow => [...row]);
    (rows[11] as StudioRow)[6] = '10l';
    expect(() => parseTobiiStudio(studioMediaExport(rows))).toThrow(
      /^line 13: GazePointY \(MCSpx\) is not a number \("10l"\)/,
    );
  });

  it('refuses media coordinates it cannot place: no media position, or a media Studio scaled', () => {
    const unplaced = studioMediaExport(STUDIO_THREE_RECORDINGS).replace(
      /\thero\.png\t128\t/,
      '\thero.png\t\t',
    );
    expect(() => parseTobiiStudio(unplaced)).toThrow(
      /^line 3: MediaPosX \(ADCSpx\) is empty beside a gaze point in media coordinates/,
    );
    const scaled = studioMediaExport(STUDIO_THREE_RECORDINGS).replaceAll('\t1024\t768\t', '\t2048\t1536\t');
    expect(() => parseTobiiStudio(scaled)).toThrow(
      /^line 3: the media \(MediaWidth × MediaHeight 2048 × 1536 at 128, 128\) is larger than the screen \(RecordingResolution 1280 x 1024\)/,
    );
  });

  it('says what a file of events only, or of its header only, is', () => {
    const events = studioMediaExport(STUDIO_THREE_RECORDINGS.filter((row) => row[3] !== ''));
    expect(() => parseTobiiStudio(events)).toThrow(/^a Tobii Studio export with event rows only/);
    expect(() => parseTobiiStudio(studioMediaExport([]))).toThrow(
      /^a Tobii Studio export with its header row only/,
    );
  });
});

describe('parsePupilGaze', () => {
  it('reads a Pupil Cloud Marker Mapper gaze.csv: UTC ns to a start and ms, the blink lost', () => {
    const [r, ...rest] = parsePupilGaze(PUPIL_CLOUD);
    expect(rest).toEqual([]);
    expect(r?.name).toBe('b8d3a6f2-71c4-4e09-8a1d-5c2f9e3b7d10');
    expect(r?.startedAt).toBe(START);
    expectSamplePath(r as ImportedRecording, 200);
  });

  it('reads a Pupil Core surface export: bottom-left origin, low confidence lost, repeated data once', () => {
    const [r] = parsePupilGaze(PUPIL_CORE);
    expect(r?.startedAt).toBeNull();
    expectSamplePath(r as ImportedRecording, 120);
  });

  it('refuses scene-camera gaze and names the line of a bad row', () => {
    expect(() => parsePupilGaze('section id,recording id,timestamp [ns],gaze x [px],gaze y [px]\n')).toThrow(
      /^line 1: this is gaze in scene-camera pixels/,
    );
    const lines = PUPIL_CLOUD.split('\n');
    lines[9] = lines[9]?.replace(',0.3', ',abc') ?? '';
    expect(() => parsePupilGaze(lines.join('\n'))).toThrow(
      /^line 10: gaze position on surface x \[normalized\] is not a number \("abc/,
    );
    expect(() => parsePupilGaze('gaze_timestamp,world_index,confidence,norm_pos_x,norm_pos_y\n')).toThrow(
      /^line 1: a Pupil Core gaze_positions\.csv: gaze in scene-camera coordinates/,
    );
    const short = PUPIL_CLOUD.split('\n');
    short[5] = 'x,y';
    expect(() => parsePupilGaze(short.join('\n'))).toThrow(/^line 6: expected 8 fields, found 2/);
  });
});

describe('parseEyelinkAsc', () => {
  it('reads binocular 250 Hz samples on a 1280×1024 display: mean of the eyes, ms from START, the blink lost', () => {
    const [r] = parseEyelinkAsc(EYELINK);
    expect(r?.startedAt).toBeNull();
    expectSamplePath(r as ImportedRecording, 250, { recorded: { widthPx: 1280, heightPx: 1024 } });
  });

  it("letterboxes the file's own screen into the frame instead of stretching it (issue 27)", () => {
    const text = [
      'MSG\t990 DISPLAY_COORDS 0 0 1023 767',
      'START\t1000 \tLEFT\tSAMPLES',
      'SAMPLES\tGAZE\tLEFT\tRATE\t500.00',
      '1000\t 0.0\t 0.0\t 900.0\t...',
      '1002\t 1024.0\t 768.0\t 900.0\t...',
      '1004\t 512.0\t 384.0\t 900.0\t...',
    ].join('\n');
    const [r] = parseEyelinkAsc(text);
    // 1024×768 takes the middle 1440×1080 of 1920×1080: ×1.40625 both ways, 240 px on each side
    expect(Array.from(r?.x ?? [])).toEqual([240, 1680, 960]);
    expect(Array.from(r?.y ?? [])).toEqual([0, 1080, 540]);
  });

  /** A monocular 500 Hz recording on a 1024×768 screen: the screen's corners and middle. */
  const eyelink1024 = (coords: string[]) =>
    [
      '** DATE: Mon Jan 12 10:30:00 2026',
      '** TYPE: EDF_FILE BINARY EVENT SAMPLE TAGGED',
      ...coords,
      'START\t1000 \tLEFT\tSAMPLES\tEVENTS',
      'PRESCALER\t1',
      'SAMPLES\tGAZE\tLEFT\tRATE\t 500.00\tTRACKING\tCR\tFILTER\t2',
      '1000\t   0.0\t   0.0\t 900.0\t...',
      '1002\t1024.0\t 768.0\t 900.0\t...',
      '1004\t 512.0\t 384.0\t 900.0\t...',
      'END\t1004 \tSAMPLES\tEVENTS\tRES\t 38.50\t 31.20',
    ].join('\n');
  const LETTERBOXED_X = [240, 1680, 960];

  it('reads the screen from GAZE_COORDS alone, the way Experiment Builder writes it', () => {
    const [r] = parseEyelinkAsc(eyelink1024(['MSG\t990 GAZE_COORDS 0.00 0.00 1023.00 767.00']));
    expect(Array.from(r?.x ?? [])).toEqual(LETTERBOXED_X);
    expect(Array.from(r?.y ?? [])).toEqual([0, 1080, 540]);
  });

  it('takes GAZE_COORDS over DISPLAY_COORDS whatever their order, and a screen named after the samples', () => {
    const gazeFirst = [
      'MSG\t990 GAZE_COORDS 0.00 0.00 1023.00 767.00',
      'MSG\t991 DISPLAY_COORDS 0 0 1919 1079',
    ];
    const displayFirst = [...gazeFirst].reverse();
    for (const coords of [gazeFirst, displayFirst])
      expect(Array.from(parseEyelinkAsc(eyelink1024(coords))[0]?.x ?? [])).toEqual(LETTERBOXED_X);
    const late = `${eyelink1024([])}\nMSG\t1006 -4 DISPLAY_COORDS 0 0 1023 767`;
    expect(Array.from(parseEyelinkAsc(late)[0]?.x ?? [])).toEqual(LETTERBOXED_X);
  });

  it("keeps the caller's frame: with a 1024×768 screen asked for, the positions are the file's", () => {
    const [r] = parseEyelinkAsc(eyelink1024(['MSG\t990 DISPLAY_COORDS 0 0 1023 767']), {
      screen: { widthPx: 1024, heightPx: 768 },
    });
    expect(Array.from(r?.x ?? [])).toEqual([0, 1024, 512]);
    expect(Array.from(r?.y ?? [])).toEqual([0, 768, 384]);
  });

  it('refuses a file whose screen changes, or a screen that is none, naming the line', () => {
    const changing = `${eyelink1024(['MSG\t990 GAZE_COORDS 0.00 0.00 1023.00 767.00'])}\nMSG\t2000 GAZE_COORDS 0.00 0.00 1279.00 1023.00`;
    expect(() => parseEyelinkAsc(changing)).toThrow(
      /^line 11: the screen changes: GAZE_COORDS names 1280 × 1024 where line 3 named 1024 × 768/,
    );
    expect(() => parseEyelinkAsc(eyelink1024(['MSG\t990 DISPLAY_COORDS 0 0 0 767']))).toThrow(
      /^line 3: DISPLAY_COORDS "0 0 0 767" is not a screen/,
    );
  });

  it('reads one eye, and keeps positions as they are without DISPLAY_COORDS', () => {
    const text = [
      'START\t1000 \tRIGHT\tSAMPLES',
      'SAMPLES\tGAZE\tRIGHT\tRATE\t500.00',
      '1000\t 10.0\t 20.0\t 900.0\t...',
      '1002\t   .\t   .\t   0.0\t...',
      '1004\t 12.5\t 21.0\t 901.0\t...',
    ].join('\n');
    const [r] = parseEyelinkAsc(text);
    expect(Array.from(r?.timestamp ?? [])).toEqual([0, 2, 4]);
    expect(Array.from(r?.x ?? [])).toEqual([10, Number.NaN, 12.5]);
  });

  it('refuses HREF samples and names the line of a bad sample', () => {
    expect(() => parseEyelinkAsc('START\t1 \tLEFT\nSAMPLES\tHREF\tLEFT\tRATE\t500\n')).toThrow(
      /^line 2: samples are HREF/,
    );
    const lines = EYELINK.split('\n');
    const at = lines.findIndex((line) => /^\d/.test(line)) + 3;
    lines[at] = lines[at]?.replace(/\t\s*[\d.]+\t/, '\tNaNa\t') ?? '';
    expect(() => parseEyelinkAsc(lines.join('\n'))).toThrow(
      new RegExp(`^line ${at + 1}: the left eye's x "NaNa" is not a gaze coordinate`),
    );
    expect(() => parseEyelinkAsc('** DATE: today\nSTART\t1 \tLEFT\tEVENTS\n')).toThrow(
      /^an EyeLink ASC without sample lines .*events only/,
    );
    expect(() => parseEyelinkAsc('SAMPLES\tGAZE\tLEFT\tRIGHT\tRATE\t500\n1000\t1.0\t2.0\t900.0\n')).toThrow(
      /^line 2: a sample line of 4 fields, expected at least 7: the time, then x, y and pupil of each eye/,
    );
    expect(() => parseEyelinkAsc('1000\t1.0\t2.0\t900.0\n')).toThrow(
      /^line 1: a sample line before any SAMPLES line/,
    );
  });
});

describe('parseGazeExport', () => {
  it('detects the format, or refuses a file of none', () => {
    expect(parseGazeExport(EYELINK)[0]?.format).toBe('eyelink');
    expect(parseGazeExport(TOBII, { format: 'tobii' })).toHaveLength(2);
    expect(() => parseGazeExport('a,b\n1,2\n')).toThrow(GazeImportError);
  });

  it('says what a file of no known format looks like, on its first line', () => {
    expect(() => parseGazeExport('timestamp,x,y\n1,2,3\n')).toThrow(
      /^line 1: a comma-separated file whose first line is "timestamp", "x", "y"; the exports read are/,
    );
    expect(() => parseGazeExport('ParticipantName,RecordingTimestamp,GazePointX (ADCSpx)\n')).toThrow(
      /^line 1: a Tobii Studio export separated by commas, not tabs: export it again as TSV/,
    );
    expect(() => parseGazeExport('Recording timestamp;Gaze point X\n')).toThrow(
      /^line 1: a Tobii Pro Lab export separated by semicolons/,
    );
    expect(() => parseGazeExport('\n')).toThrow(/^the file is empty/);
  });

  it('answers what the ingestion API takes: a valid eye stream once given its start', () => {
    for (const text of [TOBII, TOBII_STUDIO, PUPIL_CLOUD, PUPIL_CORE, EYELINK]) {
      for (const r of parseGazeExport(text)) {
        const start = r.startedAt ?? START;
        const stream = {
          kind: 'eyes' as const,
          samples: { timestamp: r.timestamp.map((t) => start + t), x: r.x, y: r.y },
        };
        expect(findStreamProblems(stream)).toEqual([]);
        const decoded = decodeStream(encodeStream(stream));
        expect(decoded.samples.timestamp.length).toBe(r.timestamp.length);
      }
    }
  });
});
