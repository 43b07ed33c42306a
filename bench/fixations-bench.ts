import {
  detectFixationsIdt,
  detectFixationsIvt,
  detectGazeEvents,
  detectSignificantPoints,
} from '../packages/analytics/src/index.js';
import { writeResult } from './machine.js';
import type { BenchRow } from './row.js';
import { syntheticEmotions, syntheticGaze } from './synthetic.js';
import { measure } from './timing.js';

const SAMPLES = 10_000_000;

/**
 * Throughput on 10 M gaze samples at 1000 Hz (fixations, saccades, 0.5 % loss) of the default
 * detector (detectGazeEvents: noise estimate, adaptive threshold, classes, pursuit, merging, event
 * lists), the fixed I-VT and I-DT. The default and the I-VT are timed in alternating rounds, so that
 * both see the same load on a shared machine.
 */
export function fixationsBench(): BenchRow[] {
  const gaze = syntheticGaze(SAMPLES, 1000, 3);
  const rounds = [0, 1, 2].map(() => ({
    events: measure(() => detectGazeEvents(gaze), 5, 2),
    ivt: measure(() => detectFixationsIvt(gaze), 5, 2),
  }));
  const middle = <T>(values: T[], key: (v: T) => number) =>
    [...values].sort((a, b) => key(a) - key(b))[values.length >> 1] as T;
  const events = middle(rounds, (r) => r.events.wallMs).events;
  const ivt = middle(rounds, (r) => r.ivt.wallMs).ivt;
  const idt = measure(() => detectFixationsIdt(gaze), 5, 2);
  const eventsRate = SAMPLES / (events.wallMs / 1000);
  const ivtRate = SAMPLES / (ivt.wallMs / 1000);
  const idtRate = SAMPLES / (idt.wallMs / 1000);
  writeResult('fixations', {
    samples: SAMPLES,
    eventsMedianMs: events.wallMs,
    eventsCpuMs: events.cpuMs,
    eventsSamplesPerS: eventsRate,
    eventsSamplesPerSCpu: SAMPLES / (events.cpuMs / 1000),
    ivtMedianMs: ivt.wallMs,
    ivtCpuMs: ivt.cpuMs,
    ivtSamplesPerS: ivtRate,
    ivtSamplesPerSCpu: SAMPLES / (ivt.cpuMs / 1000),
    idtMedianMs: idt.wallMs,
    idtSamplesPerS: idtRate,
    budgetEventsSamplesPerS: 40e6,
    budgetIvtSamplesPerS: 50e6,
  });
  return [
    {
      name: 'default gaze event detection (detectGazeEvents), 10 M samples (median)',
      value: `${(eventsRate / 1e6).toFixed(1)} M samples/s (${events.wallMs.toFixed(0)} ms, cpu ${events.cpuMs.toFixed(0)} ms; ${(eventsRate / ivtRate).toFixed(2)}× the I-VT in the same rounds)`,
      budget: '≥ 40 M/s',
      isMet: eventsRate >= 40e6,
    },
    {
      name: 'I-VT fixation detection, 10 M samples (median)',
      value: `${(ivtRate / 1e6).toFixed(1)} M samples/s (${ivt.wallMs.toFixed(0)} ms, cpu ${ivt.cpuMs.toFixed(0)} ms)`,
      budget: '≥ 50 M/s',
      isMet: ivtRate >= 50e6,
    },
    {
      name: 'I-DT fixation detection, 10 M samples (median)',
      value: `${(idtRate / 1e6).toFixed(1)} M samples/s (${idt.wallMs.toFixed(0)} ms)`,
      budget: '',
      isMet: true,
    },
  ];
}

/** Peak detection throughput: 300 participants × 30 min of 10 Hz emotions × 3 emotions. */
export function peaksBench(): BenchRow[] {
  const participants = Array.from({ length: 300 }, (_, i) =>
    syntheticEmotions(18_000, 1_700_000_000_000, i + 1),
  );
  const values = participants.length * 18_000 * 3;
  let points = 0;
  const m = measure(
    () => {
      points = 0;
      for (const p of participants) points += detectSignificantPoints(p).length;
    },
    5,
    2,
  );
  const rate = values / (m.wallMs / 1000);
  writeResult('peaks', {
    participants: participants.length,
    values,
    medianMs: m.wallMs,
    cpuMs: m.cpuMs,
    valuesPerS: rate,
    pointsFound: points,
  });
  return [
    {
      name: `peak detection, ${participants.length} participants × 18k samples × 3 emotions (median)`,
      value: `${(rate / 1e6).toFixed(1)} M values/s (${m.wallMs.toFixed(0)} ms, ${points} points)`,
      budget: '',
      isMet: true,
    },
  ];
}
