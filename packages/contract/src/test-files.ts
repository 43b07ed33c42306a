import { z } from 'zod';
import { STREAM_KINDS } from './constants.js';

/**
 * The files of a test in the research area (spec 3 lists /research/test/{id}/files without
 * content): participants' screen recordings and sample streams, the uploaded test video and the
 * report, each downloaded through the route that serves it with its own access check.
 */
export const TEST_FILE_KINDS = ['screen_recording', 'samples', 'test_video', 'report'] as const;
export type TestFileKind = (typeof TEST_FILE_KINDS)[number];

/** How the download is fetched: a signed media URL, an API path read with the bearer token, or an outside link. */
export const TEST_FILE_ACCESS = ['signed', 'token', 'external'] as const;

export const testFileSchema = z.object({
  kind: z.enum(TEST_FILE_KINDS),
  /** What the file is, for people: 'Screen recording', 'Emotion samples', 'Test video', 'Report'. */
  title: z.string(),
  /** The name a download is saved under. */
  file_name: z.string(),
  /** The participant it belongs to, or null for the test's own files. */
  participant: z.object({ id: z.number(), real_id: z.string() }).nullable(),
  /** The samples' stream, for kind samples. */
  stream: z.enum(STREAM_KINDS).nullable(),
  /** Stored size in bytes; null when it is not known (an outside report link). */
  size: z.number().nullable(),
  /** Unix seconds of the last change. */
  updated_at: z.number(),
  url: z.string(),
  access: z.enum(TEST_FILE_ACCESS),
});
export type TestFile = z.infer<typeof testFileSchema>;
export const testFilesAnswer = z.object({ files: z.array(testFileSchema) });
