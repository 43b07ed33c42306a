import type { EmotionSamples, EyeSamples, MouseSamples } from '@limbus/analytics';
import {
  type ParticipantDetail,
  type ParticipantSummary,
  participantLabel,
  type RemovedData,
  type SignificantPoint,
} from '@limbus/contract';
import type { RemovedData as RemovedDataRecord } from '../../db/schema.js';
import { toUnixSeconds } from '../users/users.mappers.js';
import type {
  listMomentRows,
  ParticipantRow,
  SectionRow,
  SignificantPointRow,
} from './participants.repository.js';

type MomentRow = Awaited<ReturnType<typeof listMomentRows>>[number];

const unixSecondsOrNull = (date: Date | null) => (date ? toUnixSeconds(date) : null);

/** Where the participant's screen recording is served (unsigned; the service signs it). */
export const participantVideoPath = (testId: number, participantId: number) =>
  `/api/v1/tests/${testId}/participants/${participantId}/video`;

/** The signed URL of a participant's recording, or null without one. */
export type VideoUrlOf = (row: ParticipantRow) => string | null;

function participantFields(row: ParticipantRow) {
  return {
    id: row.id,
    real_id: row.realId,
    type: row.type,
    source: row.source,
    demographic: row.demographic,
    started_at: unixSecondsOrNull(row.startedAt),
    ended_at: unixSecondsOrNull(row.endedAt),
    time_to_complete_ms:
      row.startedAt && row.endedAt ? row.endedAt.getTime() - row.startedAt.getTime() : null,
    total_clicks: row.totalClicks,
    favourite: row.favourite,
    removed: toRemovedData(row.removedData),
  };
}

/** What was removed of a participant while it stays (retention, a withdrawal), oldest first. */
export function toRemovedData(record: RemovedDataRecord): RemovedData[] {
  const removed: RemovedData[] = [];
  for (const [kind, entry] of Object.entries(record)) {
    if (!entry) continue;
    removed.push({ kind, at: toUnixSeconds(new Date(entry.at)), reason: entry.reason });
  }
  return removed.sort((a, b) => a.at - b.at || a.kind.localeCompare(b.kind));
}

export function toParticipantSummary(row: ParticipantRow, videoUrl: VideoUrlOf): ParticipantSummary {
  return { ...participantFields(row), video: videoUrl(row) };
}

/** The detail without associations; the service adds those that were asked for. */
export function toParticipantHead(row: ParticipantRow, videoUrl: VideoUrlOf | null): ParticipantDetail {
  return {
    ...participantFields(row),
    test_id: row.testId,
    state: row.state,
    ...(videoUrl ? { video: videoUrl(row) } : {}),
  };
}

// The sample arrays are the big part of the answer (a 30-minute recording holds some 230k
// samples), so they are built with plain indexed loops, and rounded to what the codec keeps
// (1 µs, 0.1 px) or what a chart can show (1/10 000 of a score): shorter JSON, no float noise.
const ms = (value: number) => Math.round(value * 1000) / 1000;
const px = (value: number) => Math.round(value * 10) / 10;
const score = (value: number) => Math.round(value * 10_000) / 10_000;

export function toEmotionObjects(samples: EmotionSamples) {
  const { timestamp, joy, attention, frustration } = samples;
  const out = new Array<{ timestamp: number; joy: number; attention: number; frustration: number }>(
    timestamp.length,
  );
  for (let i = 0; i < timestamp.length; i++) {
    out[i] = {
      timestamp: ms(timestamp[i] as number),
      joy: score(joy[i] as number),
      attention: score(attention[i] as number),
      frustration: score(frustration[i] as number),
    };
  }
  return out;
}

/** Gaze samples; lost ones (NaN) are left out. */
export function toEyeObjects(samples: EyeSamples) {
  const { timestamp, x, y } = samples;
  const out: { timestamp: number; x: number; y: number }[] = [];
  for (let i = 0; i < timestamp.length; i++) {
    const gazeX = x[i] as number;
    const gazeY = y[i] as number;
    if (Number.isNaN(gazeX) || Number.isNaN(gazeY)) continue;
    out.push({ timestamp: ms(timestamp[i] as number), x: px(gazeX), y: px(gazeY) });
  }
  return out;
}

export function toMouseObjects(samples: MouseSamples) {
  const { timestamp, x, y, scrollY, pageHeight, click, urlIndex, urls } = samples;
  const out = new Array<{
    timestamp: number;
    x: number;
    y: number;
    scroll_y: number;
    page_height: number;
    click: boolean;
    url: string;
  }>(timestamp.length);
  for (let i = 0; i < timestamp.length; i++) {
    out[i] = {
      timestamp: ms(timestamp[i] as number),
      x: px(x[i] as number),
      y: px(y[i] as number),
      scroll_y: px(scrollY[i] as number),
      page_height: px(pageHeight[i] as number),
      click: click[i] === 1,
      url: urls[urlIndex[i] as number] ?? '',
    };
  }
  return out;
}

export function toSignificantPoint(row: SignificantPointRow): SignificantPoint {
  return {
    id: row.id,
    emotion: row.emotion,
    timestamp_top: row.timestampTop,
    comment: row.comment,
    translation: row.translation,
    false_positive: row.falsePositive,
    tags: row.tags,
    ranking: row.ranking,
    score: row.score,
    participant_id: row.participantId,
    participant_label: participantLabel({ real_id: row.participantRealId }),
  };
}

export function toSection(row: SectionRow) {
  return {
    id: row.id,
    timestamp_start: row.timestampStart,
    timestamp_end: row.timestampEnd,
    label_id: row.labelId,
    label: row.labelId !== null && row.labelName !== null ? { id: row.labelId, name: row.labelName } : null,
    participant_id: row.participantId,
  };
}

export function toMoment(row: MomentRow) {
  return { id: row.id, emotion: row.emotion, start: row.start, end: row.end };
}
