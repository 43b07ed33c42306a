/**
 * Writes packages/analytics/fixtures/gaze-import/: one small file in each eye-tracker export we
 * import (Tobii Pro Lab TSV, Tobii Studio TSV, Pupil Cloud Marker Mapper gaze.csv, Pupil Core
 * surface gaze CSV, EyeLink ASC), all of the same 3 s gaze path (SAMPLE_PATH below: fixations, saccades, a blink),
 * with the headers, columns and event rows those tools write. Deterministic: every run writes the
 * same files. The parser tests read them and check the path comes back.
 * Usage: npx tsx scripts/make-gaze-import-samples.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'packages',
  'analytics',
  'fixtures',
  'gaze-import',
);

/** Where the eyes are at t ms (share of the screen's width and height from its top left), or null in the blink. */
function samplePath(t: number): { u: number; v: number } | null {
  const between = (a: [number, number], b: [number, number], f: number) => ({
    u: a[0] + f * (b[0] - a[0]),
    v: a[1] + f * (b[1] - a[1]),
  });
  if (t < 600) return { u: 0.3, v: 0.4 };
  if (t < 640) return between([0.3, 0.4], [0.7, 0.35], (t - 600) / 40);
  if (t < 1200) return { u: 0.7, v: 0.35 };
  if (t < 1320) return null;
  if (t < 1800) return { u: 0.72, v: 0.36 };
  if (t < 1840) return between([0.72, 0.36], [0.5, 0.75], (t - 1800) / 40);
  return { u: 0.5, v: 0.75 };
}

const DURATION_MS = 3000;
/** 2026-01-12 09:30:00 UTC, when the sample recordings "started". */
const START = Date.UTC(2026, 0, 12, 9, 30, 0);

/** Deterministic noise in [−1, 1] (a linear congruential generator). */
function noiseSource(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return (2 * s) / 2147483648 - 1;
  };
}

/** Samples at `hz`: time (ms from the start) and position with ±0.002 of noise, or null when lost. */
function samples(hz: number, seed: number): { t: number; p: { u: number; v: number } | null }[] {
  const noise = noiseSource(seed);
  return Array.from({ length: Math.floor((DURATION_MS * hz) / 1000) }, (_, i) => {
    const t = (i * 1000) / hz;
    const p = samplePath(t);
    return { t, p: p && { u: p.u + 0.002 * noise(), v: p.v + 0.002 * noise() } };
  });
}

const fixed = (value: number, digits: number) => value.toFixed(digits);

function tobii(): string {
  const header = [
    'Recording timestamp [μs]',
    'Computer timestamp [μs]',
    'Sensor',
    'Project name',
    'Export date',
    'Participant name',
    'Recording name',
    'Recording date',
    'Recording date UTC',
    'Recording start time',
    'Recording start time UTC',
    'Recording duration [ms]',
    'Timeline name',
    'Recording Fixation filter name',
    'Recording software version',
    'Recording resolution height',
    'Recording resolution width',
    'Recording monitor latency',
    'Eyetracker timestamp [μs]',
    'Event',
    'Event value',
    'Gaze point X [DACS px]',
    'Gaze point Y [DACS px]',
    'Gaze point left X [DACS px]',
    'Gaze point left Y [DACS px]',
    'Gaze point right X [DACS px]',
    'Gaze point right Y [DACS px]',
    'Pupil diameter left [mm]',
    'Pupil diameter right [mm]',
    'Validity left',
    'Validity right',
    'Eye movement type',
    'Mouse position X [DACS px]',
    'Mouse position Y [DACS px]',
  ];
  const lines = [header.join('\t')];
  const recordings = [
    { participant: 'P01', recording: 'Recording1', offsetMs: 0, seed: 11 },
    { participant: 'P02', recording: 'Recording2', offsetMs: 65_000, seed: 12 },
  ];
  for (const r of recordings) {
    const started = new Date(START + r.offsetMs);
    const common = (t: number) => ({
      'Recording timestamp [μs]': String(Math.round(t * 1000)),
      'Computer timestamp [μs]': String(Math.round(t * 1000) + 83_412_908_113),
      'Project name': 'Checkout study',
      'Export date': '2026-01-20',
      'Participant name': r.participant,
      'Recording name': r.recording,
      'Recording date': started.toISOString().slice(0, 10),
      'Recording date UTC': started.toISOString().slice(0, 10),
      'Recording start time': `${String(started.getUTCHours() + 1).padStart(2, '0')}${started.toISOString().slice(13, 23)}`,
      'Recording start time UTC': started.toISOString().slice(11, 23),
      'Recording duration [ms]': String(DURATION_MS),
      'Timeline name': 'Timeline1',
      'Recording Fixation filter name': 'Tobii I-VT (Fixation)',
      'Recording software version': '1.232.52758',
      'Recording resolution height': '1080',
      'Recording resolution width': '1920',
      'Recording monitor latency': '10',
    });
    const row = (values: Record<string, string>) => header.map((name) => values[name] ?? '').join('\t');
    lines.push(row({ ...common(0), Event: 'RecordingStart' }));
    lines.push(row({ ...common(0), Event: 'ImageStimulusStart', 'Event value': 'checkout.png' }));
    for (const s of samples(120, r.seed)) {
      const base = {
        ...common(s.t),
        Sensor: 'Eye Tracker',
        'Eyetracker timestamp [μs]': String(Math.round(s.t * 1000) + 1_203_114_000),
      };
      if (!s.p) {
        lines.push(
          row({
            ...base,
            'Validity left': 'Invalid',
            'Validity right': 'Invalid',
            'Eye movement type': 'EyesNotFound',
          }),
        );
        continue;
      }
      const [x, y] = [s.p.u * 1920, s.p.v * 1080];
      lines.push(
        row({
          ...base,
          'Gaze point X [DACS px]': fixed(x, 0),
          'Gaze point Y [DACS px]': fixed(y, 0),
          'Gaze point left X [DACS px]': fixed(x - 4, 0),
          'Gaze point left Y [DACS px]': fixed(y + 2, 0),
          'Gaze point right X [DACS px]': fixed(x + 4, 0),
          'Gaze point right Y [DACS px]': fixed(y - 2, 0),
          'Pupil diameter left [mm]': fixed(3.1 + s.p.u / 10, 3),
          'Pupil diameter right [mm]': fixed(3.2 + s.p.u / 10, 3),
          'Validity left': 'Valid',
          'Validity right': 'Valid',
          'Eye movement type': Math.abs(s.t - 620) < 20 || Math.abs(s.t - 1820) < 20 ? 'Saccade' : 'Fixation',
        }),
      );
      if (Math.round(s.t) % 500 === 0)
        lines.push(
          row({
            ...common(s.t),
            Sensor: 'Mouse',
            'Mouse position X [DACS px]': '812',
            'Mouse position Y [DACS px]': '604',
          }),
        );
    }
    lines.push(row({ ...common(DURATION_MS), Event: 'ImageStimulusEnd', 'Event value': 'checkout.png' }));
    lines.push(row({ ...common(DURATION_MS), Event: 'RecordingEnd' }));
  }
  return `${lines.join('\n')}\n`;
}

function pupilCloud(): string {
  const lines = [
    'section id,recording id,timestamp [ns],gaze detected on surface,gaze position on surface x [normalized],gaze position on surface y [normalized],fixation id,blink id',
  ];
  const section = '6f1a0e8c-3b5d-4c2e-9a7f-2d4b8e1c0a55';
  const recording = 'b8d3a6f2-71c4-4e09-8a1d-5c2f9e3b7d10';
  let fixation = 1;
  let wasSaccade = false;
  for (const s of samples(200, 21)) {
    const ns = BigInt(START) * 1_000_000n + BigInt(Math.round(s.t * 1e6));
    const isSaccade = (s.t >= 600 && s.t < 640) || (s.t >= 1800 && s.t < 1840);
    if (wasSaccade && !isSaccade) fixation++;
    wasSaccade = isSaccade;
    if (!s.p) {
      // Neon keeps estimating gaze in a blink; the blink id marks it.
      lines.push(`${section},${recording},${ns},true,0.512331,0.601842,,1`);
      continue;
    }
    const onSurface = s.p.u >= 0 && s.p.u <= 1 && s.p.v >= 0 && s.p.v <= 1;
    lines.push(
      `${section},${recording},${ns},${onSurface},${fixed(s.p.u, 6)},${fixed(s.p.v, 6)},${isSaccade ? '' : fixation},`,
    );
  }
  return `${lines.join('\n')}\n`;
}

function pupilCore(): string {
  const lines = [
    'world_timestamp,world_index,gaze_timestamp,x_norm,y_norm,x_scaled,y_scaled,on_surf,confidence',
  ];
  const clock = 3541.297811; // Pupil time (s) at the start
  for (const [i, s] of samples(120, 31).entries()) {
    const gazeTime = clock + s.t / 1000;
    const worldIndex = Math.floor(s.t / (1000 / 30));
    const worldTime = clock + (worldIndex * (1000 / 30)) / 1000;
    const p = s.p ?? { u: 0.41, v: 0.22 };
    // Surface coordinates have their origin at the bottom left.
    const [xn, yn] = [p.u, 1 - p.v];
    const confidence = s.p ? 0.97 - (i % 7) * 0.01 : 0.21;
    const row = [
      fixed(worldTime, 6),
      String(worldIndex),
      fixed(gazeTime, 6),
      fixed(xn, 6),
      fixed(yn, 6),
      fixed(xn * 1920, 3),
      fixed(yn * 1080, 3),
      String(xn >= 0 && xn <= 1 && yn >= 0 && yn <= 1),
      fixed(confidence, 4),
    ].join(',');
    lines.push(row);
    // Player lists a gaze datum again when it also falls in the next world frame.
    if (i % 40 === 39)
      lines.push(row.replace(/^[^,]+,\d+/, `${fixed(worldTime + 1 / 30, 6)},${worldIndex + 1}`));
  }
  return `${lines.join('\n')}\n`;
}

/**
 * A Tobii Studio 3 data export: its long header with units in brackets, a 1280×1024 screen (the
 * parser letterboxes it), a Dutch locale's decimal commas, validity codes 0–4 with one eye lost
 * now and then, mouse and Studio event rows without gaze, and two recordings in one file.
 */
function tobiiStudio(): string {
  const header = [
    ...['ExportDate', 'StudioVersionRec', 'StudioProjectName', 'StudioTestName', 'ParticipantName'],
    ...['RecordingName', 'RecordingDate', 'RecordingDuration', 'RecordingResolution', 'FixationFilter'],
    ...['MediaName', 'MediaPosX (ADCSpx)', 'MediaPosY (ADCSpx)', 'MediaWidth', 'MediaHeight'],
    ...['SegmentName', 'SegmentStart', 'SegmentEnd', 'SegmentDuration', 'RecordingTimestamp'],
    ...['LocalTimeStamp', 'EyeTrackerTimestamp', 'MouseEventIndex', 'MouseEvent', 'MouseEventX (ADCSpx)'],
    ...['MouseEventY (ADCSpx)', 'KeyPressEventIndex', 'KeyPressEvent', 'StudioEventIndex', 'StudioEvent'],
    ...['StudioEventData', 'FixationIndex', 'SaccadeIndex', 'GazeEventType', 'GazeEventDuration'],
    ...['FixationPointX (MCSpx)', 'FixationPointY (MCSpx)', 'GazePointIndex', 'GazePointLeftX (ADCSpx)'],
    ...['GazePointLeftY (ADCSpx)', 'CamLeftX', 'CamLeftY', 'DistanceLeft', 'PupilLeft', 'ValidityLeft'],
    ...['GazePointRightX (ADCSpx)', 'GazePointRightY (ADCSpx)', 'CamRightX', 'CamRightY', 'DistanceRight'],
    ...['PupilRight', 'ValidityRight', 'GazePointX (ADCSpx)', 'GazePointY (ADCSpx)', 'GazePointX (MCSpx)'],
    'GazePointY (MCSpx)',
  ];
  const [w, h] = [1280, 1024];
  const comma = (value: number, digits: number) => fixed(value, digits).replace('.', ',');
  const lines = [header.join('\t')];
  const recordings = [
    { participant: 'P01', recording: 'Rec 01', seed: 21 },
    { participant: 'P02', recording: 'Rec 02', seed: 22 },
  ];
  for (const r of recordings) {
    const common = (t: number) => ({
      ExportDate: '20-1-2026',
      StudioVersionRec: '3.4.8',
      StudioProjectName: 'Checkout study',
      StudioTestName: 'Test 1',
      ParticipantName: r.participant,
      RecordingName: r.recording,
      RecordingDate: '12-1-2026',
      RecordingDuration: String(DURATION_MS),
      RecordingResolution: `${w} x ${h}`,
      FixationFilter: 'I-VT filter',
      RecordingTimestamp: String(Math.round(t)),
      LocalTimeStamp: `10:30:${comma(t / 1000, 3).padStart(6, '0')}`,
    });
    const row = (values: Record<string, string>) => header.map((name) => values[name] ?? '').join('\t');
    lines.push(row({ ...common(0), StudioEventIndex: '1', StudioEvent: 'ScreenRecStarted' }));
    lines.push(
      row({
        ...common(0),
        StudioEventIndex: '2',
        StudioEvent: 'ImageStart',
        StudioEventData: 'checkout.png',
      }),
    );
    let index = 0;
    for (const s of samples(60, r.seed)) {
      const base = {
        ...common(s.t),
        MediaName: 'checkout.png',
        EyeTrackerTimestamp: String(Math.round(s.t * 1000) + 1_203_114_000),
        GazePointIndex: String(index++),
      };
      if (!s.p) {
        lines.push(row({ ...base, ValidityLeft: '4', ValidityRight: '4', GazeEventType: 'Unclassified' }));
        continue;
      }
      const [x, y] = [s.p.u * w, s.p.v * h];
      // now and then the tracker loses one eye: the other's code stays 0 and the sample counts
      const rightLost = index % 17 === 0;
      lines.push(
        row({
          ...base,
          GazeEventType: Math.abs(s.t - 620) < 20 || Math.abs(s.t - 1820) < 20 ? 'Saccade' : 'Fixation',
          'GazePointLeftX (ADCSpx)': fixed(x - 1, 0),
          'GazePointLeftY (ADCSpx)': fixed(y, 0),
          DistanceLeft: comma(612.4, 1),
          PupilLeft: comma(3.1 + s.p.u / 10, 2),
          ValidityLeft: '0',
          'GazePointRightX (ADCSpx)': rightLost ? '' : fixed(x + 1, 0),
          'GazePointRightY (ADCSpx)': rightLost ? '' : fixed(y, 0),
          DistanceRight: rightLost ? '' : comma(615.9, 1),
          PupilRight: rightLost ? '' : comma(3.2 + s.p.u / 10, 2),
          ValidityRight: rightLost ? '4' : '0',
          'GazePointX (ADCSpx)': fixed(rightLost ? x - 1 : x, 0),
          'GazePointY (ADCSpx)': fixed(y, 0),
          'GazePointX (MCSpx)': fixed(x - 160, 0),
          'GazePointY (MCSpx)': fixed(y - 112, 0),
        }),
      );
      if (Math.round(s.t) % 1000 === 500)
        lines.push(
          row({
            ...common(s.t),
            MouseEventIndex: String(Math.round(s.t / 1000)),
            MouseEvent: 'Left',
            'MouseEventX (ADCSpx)': '812',
            'MouseEventY (ADCSpx)': '604',
          }),
        );
    }
    lines.push(
      row({
        ...common(DURATION_MS),
        StudioEventIndex: '3',
        StudioEvent: 'ImageEnd',
        StudioEventData: 'checkout.png',
      }),
    );
  }
  return `${lines.join('\n')}\n`;
}

function eyelink(): string {
  const t0 = 2_367_047;
  const [w, h] = [1280, 1024];
  const lines = [
    '** CONVERTED FROM D:\\data\\checkout\\s07.edf using edfapi 4.2.1 Mar 24 2021 on Mon Jan 12 10:41:07 2026',
    '** DATE: Mon Jan 12 10:30:00 2026',
    '** TYPE: EDF_FILE BINARY EVENT SAMPLE TAGGED',
    '** VERSION: EYELINK II 1',
    '** SOURCE: EYELINK CL',
    '** EYELINK II CL v6.14 Jul 23 2019 (EyeLink Portable Duo)',
    '** CAMERA: EyeLink USBCAM Version 1.01',
    '** SERIAL NUMBER: CLU-DAB51',
    '** CAMERA_CONFIG: DAB51200.SCD',
    '** RECORDED BY SREB2.2',
    '** SREB2.2.299 WIN32 LID:20A87A96 Mod:2019.07.23 12:05 MEZ',
    '**',
    '',
    `MSG\t${t0 - 2050} DISPLAY_COORDS 0 0 ${w - 1} ${h - 1}`,
    `MSG\t${t0 - 2049} RETRACE_INTERVAL  16.666666667`,
    `MSG\t${t0 - 2048} ENVIRONMENT   OpenSesame 3.3.14`,
    `MSG\t${t0 - 1} RECCFG CR 250 2 1 LR`,
    `MSG\t${t0 - 1} ELCLCFG BTABLER`,
    `MSG\t${t0 - 1} GAZE_COORDS 0.00 0.00 ${w - 1}.00 ${h - 1}.00`,
    `MSG\t${t0 - 1} THRESHOLDS L 98 235 R 101 240`,
    `MSG\t${t0 - 1} ELCL_WINDOW_SIZES 176 188 0 0`,
    `START\t${t0} \tLEFT\tRIGHT\tSAMPLES\tEVENTS`,
    'PRESCALER\t1',
    'VPRESCALER\t1',
    'PUPIL\tAREA',
    'EVENTS\tGAZE\tLEFT\tRIGHT\tRATE\t 250.00\tTRACKING\tCR\tFILTER\t2',
    'SAMPLES\tGAZE\tLEFT\tRIGHT\tRATE\t 250.00\tTRACKING\tCR\tFILTER\t2',
    `MSG\t${t0 + 2} TRIALID 7`,
    `SFIX L   ${t0}`,
    `SFIX R   ${t0}`,
  ];
  const coordinate = (value: number) => fixed(value, 1).padStart(7);
  let wasLost = false;
  for (const s of samples(250, 41)) {
    const time = t0 + s.t;
    if (s.t === 600)
      lines.push(`EFIX L   ${t0}\t${time - 4}\t600\t  384.1\t  409.8\t   1812`, `SSACC L  ${time}`);
    if (!s.p) {
      if (!wasLost) lines.push(`SBLINK L ${time}`, `SBLINK R ${time}`);
      wasLost = true;
      lines.push(`${time}\t   .\t   .\t    0.0\t   .\t   .\t    0.0\t.....`);
      continue;
    }
    if (wasLost)
      lines.push(`EBLINK L ${t0 + 1200}\t${time - 4}\t120`, `EBLINK R ${t0 + 1200}\t${time - 4}\t120`);
    wasLost = false;
    const [x, y] = [s.p.u * w, s.p.v * h];
    const pupil = fixed(1800 + 100 * s.p.u, 1).padStart(7);
    lines.push(
      `${time}\t${coordinate(x - 3)}\t${coordinate(y + 1)}\t${pupil}\t${coordinate(x + 3)}\t${coordinate(y - 1)}\t${pupil}\t.....`,
    );
  }
  lines.push(
    `MSG\t${t0 + DURATION_MS - 2} TRIAL_RESULT 1`,
    `END\t${t0 + DURATION_MS} \tSAMPLES\tEVENTS\tRES\t  26.59\t  28.11`,
  );
  return `${lines.join('\n')}\n`;
}

fs.mkdirSync(OUT, { recursive: true });
const files: Record<string, string> = {
  'tobii-pro-lab.tsv': tobii(),
  'tobii-studio.tsv': tobiiStudio(),
  'pupil-cloud-gaze.csv': pupilCloud(),
  'pupil-core-surface-gaze.csv': pupilCore(),
  'eyelink.asc': eyelink(),
};
for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(OUT, name), text);
console.log(`Wrote ${Object.keys(files).join(', ')} to ${path.relative(process.cwd(), OUT)}`);
