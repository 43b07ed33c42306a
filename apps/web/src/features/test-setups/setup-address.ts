/** The port a test setup's participant page listens on when its address names none (spec 2 §9). */
export const DEFAULT_TEST_PORT = 8080;

/**
 * Where Start Test opens a test on a setup: http://{ip}:{port}/?testId={id}. A setup's ip may carry
 * its own port (kept) or a scheme (dropped: the recorder serves plain HTTP in the lab). Null when the
 * setup has no usable address.
 */
export function testSetupAddress(ip: string, testId: number): string | null {
  const host = ip
    .trim()
    .replace(/^[a-z]+:\/\//i, '')
    .replace(/\/.*$/, '');
  if (!host) return null;
  let url: URL;
  try {
    url = new URL(`http://${host}`);
  } catch {
    return null;
  }
  if (!url.port) url.port = String(DEFAULT_TEST_PORT);
  url.search = `testId=${testId}`;
  return url.toString();
}
