/** Saves a file made in the browser under `name` (a link's download, then the address is freed). */
export function downloadFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // the click starts the download synchronously; the address may go once it has
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A file name from the test's name: 'Runner 2: feel lighter' → 'runner-2-feel-lighter-summary.pdf'. */
export function fileNameOf(testName: string, what: string, extension: string): string {
  const slug = testName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'test'}-${what}.${extension}`;
}
