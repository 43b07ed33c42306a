import type { StreamKindName, TestFile } from '@limbus/contract';
import type { Deps } from '../../deps.js';
import type { Actor } from '../../http/policy.js';
import { participantVideoPath } from '../participants/participants.mappers.js';
import { testFor } from '../test-access/test-access.service.js';
import { toUnixSeconds } from '../users/users.mappers.js';
import { findTestFileRow, listRecordingRows, listStreamFileRows } from './test-files.repository.js';
import { testVideoPath } from './user-tests.service.js';

const STREAM_TITLES: Record<StreamKindName, string> = {
  emotions: 'Emotion samples',
  eyes: 'Gaze samples',
  mice: 'Mouse and touch samples',
  expressions: 'Facial expression samples',
};

/** A name that is safe in a download's file name. */
const fileSafe = (text: string) => text.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'file';

type TestFileRow = NonNullable<Awaited<ReturnType<typeof findTestFileRow>>>;
type RecordingRow = Awaited<ReturnType<typeof listRecordingRows>>[number];
type StreamFileRow = Awaited<ReturnType<typeof listStreamFileRows>>[number];

/**
 * The files of a test for the research area (GET /tests/{id}/files): the test video, screen
 * recordings, sample streams and the report. Videos get signed URLs (as the participant and test
 * answers give them); streams are read through their API route with the reader's token.
 */
export async function listTestFiles(deps: Deps, actor: Actor, testId: number): Promise<TestFile[]> {
  await testFor(deps, actor, testId, 'test.annotate');
  const [test, recordings, streams] = await Promise.all([
    findTestFileRow(deps.db, testId),
    listRecordingRows(deps.db, testId),
    listStreamFileRows(deps.db, testId),
  ]);
  const sign = (path: string) => deps.signedUrls.sign(path, deps.clock());
  const videos = await Promise.all([
    test?.video ? testVideoFile(deps, testId, { ...test, video: test.video }, sign) : null,
    ...recordings.map((row) => recordingFile(deps, testId, row, sign)),
  ]);
  const report = test ? reportFile(test) : null;
  return [
    ...videos.filter((file) => file !== null),
    ...streams.map((row) => streamFile(testId, row)),
    ...(report ? [report] : []),
  ];
}

type Sign = (path: string) => string;

async function testVideoFile(
  deps: Deps,
  testId: number,
  test: TestFileRow & { video: string },
  sign: Sign,
): Promise<TestFile> {
  return {
    kind: 'test_video',
    title: 'Test video',
    file_name: `${fileSafe(test.name)}-video${extensionOf(test.video)}`,
    participant: null,
    stream: null,
    size: await deps.files.size(test.video),
    updated_at: toUnixSeconds(test.updatedAt),
    url: sign(testVideoPath(testId)),
    access: 'signed',
  };
}

async function recordingFile(
  deps: Deps,
  testId: number,
  row: RecordingRow,
  sign: Sign,
): Promise<TestFile | null> {
  if (!row.video) return null;
  return {
    kind: 'screen_recording',
    title: 'Screen recording',
    file_name: `participant-${fileSafe(row.realId)}-recording${extensionOf(row.video)}`,
    participant: { id: row.id, real_id: row.realId },
    stream: null,
    size: await deps.files.size(row.video),
    updated_at: toUnixSeconds(row.updatedAt),
    url: sign(participantVideoPath(testId, row.id)),
    access: 'signed',
  };
}

const streamFile = (testId: number, row: StreamFileRow): TestFile => ({
  kind: 'samples',
  title: STREAM_TITLES[row.kind],
  file_name: `participant-${fileSafe(row.realId)}-${row.kind}.lmbs`,
  participant: { id: row.participantId, real_id: row.realId },
  stream: row.kind,
  size: row.byteSize,
  updated_at: toUnixSeconds(row.updatedAt),
  url: `/api/v1/tests/${testId}/participants/${row.participantId}/streams/${row.kind}`,
  access: 'token',
});

/** The report is a link (spec 3 Test.report); only a web address is offered, never another scheme. */
function reportFile(test: TestFileRow): TestFile | null {
  if (!test.report || !/^https?:\/\//i.test(test.report)) return null;
  return {
    kind: 'report',
    title: 'Report',
    file_name: `${fileSafe(test.name)}-report`,
    participant: null,
    stream: null,
    size: null,
    updated_at: toUnixSeconds(test.updatedAt),
    url: test.report,
    access: 'external',
  };
}

function extensionOf(key: string): string {
  const match = /\.[a-z0-9]{2,4}$/i.exec(key);
  return match ? match[0].toLowerCase() : '';
}
