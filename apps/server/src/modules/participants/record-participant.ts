import type { DecodedStream } from '@limbus/analytics';
import {
  EMOTIONS,
  MOMENT_KINDS,
  PARTICIPANT_SOURCES,
  PARTICIPANT_STATES,
  PARTICIPANT_TYPES,
  requiredText,
} from '@limbus/contract';
import { z } from 'zod';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../http/app-error.js';
import { assertTestExists } from '../test-access/test-access.service.js';
import { type PreparedStream, prepareStream, writePreparedStream } from './participant-streams.js';
import {
  deleteUneditedPoints,
  ensureLabel,
  ensureTags,
  insertSignificantPoint,
  linkPointTags,
  listEditedPointKeys,
  replaceMomentRows,
  replaceSectionRows,
  upsertParticipantRow,
} from './participants.repository.js';

const time = z.number().refine(Number.isFinite, 'Must be a finite number');
const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !value.includes('\u0000'), 'No NUL');

/** Everything of a recording but its streams, checked before anything is written. */
const recordingSchema = z
  .strictObject({
    realId: requiredText(255),
    type: z.enum(PARTICIPANT_TYPES).default('default'),
    state: z.enum(PARTICIPANT_STATES).default('finished'),
    /** Lab or webcam; undefined keeps the current one (lab for a new participant). */
    source: z.enum(PARTICIPANT_SOURCES).optional(),
    demographic: z
      .strictObject({
        age: z.number().int().min(0).max(150).nullable().default(null),
        gender: text(100).nullable().default(null),
        education: text(100).nullable().default(null),
      })
      .default({ age: null, gender: null, education: null }),
    startedAt: z.date().nullable().default(null),
    endedAt: z.date().nullable().default(null),
    totalClicks: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1)
      .default(0),
    /** File key of a screen recording already in the file store; undefined keeps the current one. */
    video: text(500).nullable().optional(),
    significantPoints: z
      .array(
        z.strictObject({
          emotion: z.enum(EMOTIONS),
          timestampTop: time,
          score: time.default(0),
          ranking: z
            .number()
            .int()
            .min(0)
            .max(2 ** 31 - 1)
            .default(0),
          comment: text(10_000).default(''),
          translation: text(10_000).default(''),
          falsePositive: z.boolean().default(false),
          tags: z.array(requiredText(100)).default([]),
        }),
      )
      .optional(),
    sections: z
      .array(
        z
          .strictObject({
            timestampStart: time,
            timestampEnd: time,
            label: z
              .strictObject({ name: requiredText(255), urls: z.array(z.string()).default([]) })
              .nullable()
              .default(null),
          })
          .refine((section) => section.timestampStart <= section.timestampEnd, {
            message: 'The end lies before the start',
            path: ['timestampEnd'],
          }),
      )
      .optional(),
    moments: z
      .array(
        z
          .strictObject({ emotion: z.enum(MOMENT_KINDS), start: time, end: time })
          .refine((moment) => moment.start <= moment.end, {
            message: 'The end lies before the start',
            path: ['end'],
          }),
      )
      .optional(),
  })
  .refine(
    (recording) => !recording.startedAt || !recording.endedAt || recording.startedAt <= recording.endedAt,
    {
      message: 'The end lies before the start',
      path: ['endedAt'],
    },
  );

export type RecordingInput = z.input<typeof recordingSchema> & {
  /** At most one stream per kind; a kind not given keeps the stream it has. */
  streams: DecodedStream[];
};
type Recording = z.output<typeof recordingSchema>;
/** A computed significant point as stored (defaults applied). */
export type RecordedPoint = NonNullable<Recording['significantPoints']>[number];

/**
 * Stores a recorded participant of a test, for the demo seed and ingestion. Idempotent on
 * (test, realId): recording the same realId again updates that participant, never adds one.
 * Significant points, sections and moments, when given, replace the participant's own, except
 * points a researcher edited. Everything is checked before anything is written (a validation
 * error changes nothing); the rows are committed first and the stream files then written one by
 * one, each before the row that names it.
 */
export async function recordParticipant(
  deps: Pick<Deps, 'db' | 'files'>,
  testId: number,
  input: RecordingInput,
): Promise<{ id: number }> {
  const { streams, ...rest } = input;
  const recording = parseRecording(rest);
  const kinds = streams.map((stream) => stream.kind);
  const repeated = kinds.find((kind, index) => kinds.indexOf(kind) !== index);
  if (repeated) throw AppError.fieldError('validation', repeated, `The ${repeated} stream is given twice`);
  await assertTestExists(deps, testId);
  const prepared: PreparedStream[] = [];
  for (const stream of streams) prepared.push(await prepareStream(stream));

  const id = await deps.db.transaction(async (tx) => {
    const participantId = await upsertParticipantRow(tx, {
      testId,
      realId: recording.realId,
      type: recording.type,
      state: recording.state,
      demographic: recording.demographic,
      startedAt: recording.startedAt,
      endedAt: recording.endedAt,
      totalClicks: recording.totalClicks,
      ...(recording.video !== undefined ? { video: recording.video } : {}),
      ...(recording.source !== undefined ? { source: recording.source } : {}),
    });
    if (recording.significantPoints)
      await replacePoints(tx, testId, participantId, recording.significantPoints);
    if (recording.sections) {
      const rows = [];
      for (const section of recording.sections) {
        rows.push({
          timestampStart: section.timestampStart,
          timestampEnd: section.timestampEnd,
          labelId: section.label ? await ensureLabel(tx, testId, section.label) : null,
        });
      }
      await replaceSectionRows(tx, participantId, rows);
    }
    if (recording.moments) await replaceMomentRows(tx, participantId, recording.moments);
    return participantId;
  });
  for (const stream of prepared) await writePreparedStream(deps, id, stream);
  return { id };
}

function parseRecording(input: unknown): Recording {
  const parsed = recordingSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.filter((key) => typeof key === 'string').at(-1) ?? 'recording';
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  const [firstField, firstMessages] = Object.entries(errors)[0] ?? ['recording', ['Not valid']];
  throw new AppError('validation', `${firstField}: ${firstMessages[0]}`, errors);
}

/** Replaces the computed points; edited points stay, and a new point on the same peak is dropped. */
export async function replacePoints(
  tx: Executor,
  testId: number,
  participantId: number,
  points: readonly RecordedPoint[],
): Promise<void> {
  const edited = new Set(
    (await listEditedPointKeys(tx, participantId)).map((point) => `${point.emotion}@${point.timestampTop}`),
  );
  await deleteUneditedPoints(tx, participantId);
  const tagIds = await ensureTags(
    tx,
    testId,
    points.flatMap((point) => point.tags),
  );
  for (const { tags: tagNames, ...point } of points) {
    if (edited.has(`${point.emotion}@${point.timestampTop}`)) continue;
    const pointId = await insertSignificantPoint(tx, { participantId, ...point });
    const ids = tagNames.map((name) => tagIds.get(name.toLowerCase())).filter((tagId) => tagId !== undefined);
    await linkPointTags(tx, pointId, [...new Set(ids)]);
  }
}
