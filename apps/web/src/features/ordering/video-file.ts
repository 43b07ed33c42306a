import { MAX_TEST_VIDEO_BYTES, TEST_MESSAGES, TEST_VIDEO_FORMATS } from '@limbus/contract';

const EXTENSIONS = TEST_VIDEO_FORMATS.map((format) => `.${format.toLowerCase()}`);

/**
 * Why a chosen file cannot be the test's video, judged by its name and size (spec 2 §5: MKV, MP4 or
 * MOV); undefined when it may be sent. The server checks the content itself.
 */
export function videoFileIssue(file: Pick<File, 'name' | 'size'>): string | undefined {
  const name = file.name.toLowerCase();
  if (!EXTENSIONS.some((extension) => name.endsWith(extension))) return TEST_MESSAGES.notAVideo;
  if (file.size > MAX_TEST_VIDEO_BYTES) return TEST_MESSAGES.videoTooLarge;
  return undefined;
}
