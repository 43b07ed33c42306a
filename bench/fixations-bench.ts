import {
  detectFixationsIdt,
  detectFixationsIvt,
  detectGazeEvents,
  detectSignificantPoints,
} from '../packages/analytics/src/index.js';
import { realLengthCorpus } from './gaze-corpus.js';
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

/**
 * The default detector and the I-VT on recordings of real length (bench/gaze-corpus.ts: 96 trials of
 * 5 s at 300 Hz, 24 of 20 s at 500 Hz, 6 of 81 s at 1000 Hz, 2 sessions of 3 min at 1000 Hz), each
 * recording detected on its own as the product does, timed in rounds alternating the two. The rate
 * is all samples over the time of all recordings; the trials' own rate is given too, since their
 * fixed cost per recording weighs most.
 */
export function realLengthBench(): BenchRow[] {
  const corpus = realLengthCorpus();
  const trials = corpus.filter((r) => r.group === 'trial');
  const size = (list: typeof corpus) => list.reduce((sum, r) => sum + r.gaze.timestamp.length, 0);
  const detectAll = (list: typeof corpus) => () => {
    for (const r of list) detectGazeEvents(r.gaze, { geometry: r.geometry });
  };
  const rounds = [0, 1, 2].map(() => ({
    events: measure(detectAll(corpus), 7, 3),
    trials: measure(detectAll(trials), 7, 3),
    ivt: measure(
      () => {
        for (const r of corpus) detectFixationsIvt(r.gaze);
      },
      7,
      3,
    ),
  }));
  const middle = (key: 'events' | 'trials' | 'ivt') =>
    [...rounds].sort((a, b) => a[key].wallMs - b[key].wallMs)[1]?.[key] as ReturnType<typeof measure>;
  const [events, trialTime, ivt] = [middle('events'), middle('trials'), middle('ivt')];
  const samples = size(corpus);
  const rate = samples / (events.wallMs / 1000);
  const trialRate = size(trials) / (trialTime.wallMs / 1000);
  const ivtRate = samples / (ivt.wallMs / 1000);
  writeResult('fixations-real-length', {
    recordings: corpus.length,
    samples,
    trials: trials.length,
    trialSamples: size(trials),
    eventsMedianMs: events.wallMs,
    eventsCpuMs: events.cpuMs,
    eventsSamplesPerS: rate,
    trialsMedianMs: trialTime.wallMs,
    trialsCpuMs: trialTime.cpuMs,
    trialsSamplesPerS: trialRate,
    ivtMedianMs: ivt.wallMs,
    ivtSamplesPerS: ivtRate,
    budgetEventsSamplesPerS: 20e6,
  });
  return [
    {
      name: `default gaze event detection on ${corpus.length} recordings of real length (1.5k–180k samples, 300–1000 Hz; median)`,
      value: `${(rate / 1e6).toFixed(1)} M samples/s (${events.wallMs.toFixed(0)} ms, cpu ${events.cpuMs.toFixed(0)} ms; ${(rate / ivtRate).toFixed(2)}× the I-VT in the same rounds); the ${trials.length} trials of 1.5k samples alone ${(trialRate / 1e6).toFixed(1)} M samples/s`,
      budget: '≥ 20 M/s',
      isMet: rate >= 20e6 && trialRate >= 20e6,
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
