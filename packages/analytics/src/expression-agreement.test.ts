import { describe, expect, it } from 'vitest';
import { seededRandom } from './cohort-agreement.js';
import { curveAgreement, type TimedSeries } from './expression-agreement.js';

const DURATION_MS = 60_000;

/** A bump of height 1 centred at `atMs`, 2 s wide. */
const bump = (t: number, atMs: number) => Math.exp(-(((t - atMs) / 2000) ** 2));

/** Participants sampled at `hz` over the video: `curve(t)` plus their own offset and Gaussian-ish noise. */
function cohort(
  n: number,
  hz: number,
  curve: (t: number) => number,
  noise: number,
  seed: number,
): TimedSeries[] {
  const random = seededRandom(seed);
  const gauss = () => (random() + random() + random() - 1.5) * 2;
  return Array.from({ length: n }, () => {
    const offset = gauss() * 0.05;
    const timestamp: number[] = [];
    const value: number[] = [];
    for (let t = random() * 100; t <= DURATION_MS; t += 1000 / hz) {
      timestamp.push(t);
      value.push(curve(t) + offset + gauss() * noise);
    }
    return { timestamp, value };
  });
}

const joy = (t: number) => 0.3 + 0.4 * bump(t, 12_000) + 0.3 * bump(t, 31_000);

describe('curveAgreement', () => {
  it('finds a close r with an interval when the remote smiles follow the lab joy, with their own noise and scale', () => {
    const lab = cohort(12, 10, joy, 0.08, 1);
    const remote = cohort(40, 5, (t) => 0.05 + 0.25 * (joy(t) - 0.3), 0.08, 2);
    const agreement = curveAgreement(lab, remote, DURATION_MS);
    expect(agreement.labParticipants).toBe(12);
    expect(agreement.remoteParticipants).toBe(40);
    expect(agreement.time).toHaveLength(61);
    expect(agreement.r.value).toBeGreaterThan(0.8);
    expect(agreement.r.lower).toBeGreaterThan(0.6);
    expect(agreement.r.upper).toBeLessThanOrEqual(1);
    expect(agreement.labOnly).toEqual([]);
    expect(agreement.remoteOnly).toEqual([]);
  });

  it('reads no agreement when the remote curve is noise, and an interval that says so', () => {
    const lab = cohort(12, 10, joy, 0.08, 3);
    const remote = cohort(40, 5, () => 0.05, 0.08, 4);
    const { r } = curveAgreement(lab, remote, DURATION_MS);
    expect(Math.abs(r.value ?? 1)).toBeLessThan(0.5);
    expect(r.lower).toBeLessThan(0);
  });

  it("flags a moment of one cohort only: the lab's second peak unseen by the remote, the remote's own peak", () => {
    const lab = cohort(12, 10, joy, 0.03, 5);
    const remote = cohort(
      40,
      5,
      (t) => 0.05 + 0.25 * 0.4 * bump(t, 12_000) + 0.12 * bump(t, 50_000),
      0.03,
      6,
    );
    const agreement = curveAgreement(lab, remote, DURATION_MS);
    expect(agreement.labOnly).toHaveLength(1);
    expect(agreement.labOnly[0]?.start).toBeGreaterThan(27_000);
    expect(agreement.labOnly[0]?.end).toBeLessThan(35_000);
    expect(agreement.remoteOnly).toHaveLength(1);
    expect(agreement.remoteOnly[0]?.start).toBeGreaterThan(46_000);
  });

  it('gives no interval below 5 participants in a cohort, and no r on a few seconds of overlap', () => {
    const small = curveAgreement(cohort(3, 10, joy, 0.05, 7), cohort(40, 5, joy, 0.05, 8), DURATION_MS);
    expect(small.r.value).toBeGreaterThan(0.8);
    expect(small.r.lower).toBeNull();
    const short = curveAgreement(
      cohort(12, 10, joy, 0.05, 9),
      [{ timestamp: [0, 200, 400], value: [0.1, 0.2, 0.3] }],
      DURATION_MS,
    );
    expect(short.r.value).toBeNull();
    expect(short.remote.filter((value) => value !== null)).toHaveLength(1);
  });

  it('leaves out of n a participant with no sample on the video', () => {
    const agreement = curveAgreement(
      [...cohort(6, 10, joy, 0.05, 10), { timestamp: [], value: [] }],
      cohort(6, 5, joy, 0.05, 11),
      DURATION_MS,
    );
    expect(agreement.labParticipants).toBe(6);
  });
});
