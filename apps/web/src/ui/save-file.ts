/** Hands a file made in the browser to the user as a download named `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // the click starts the download synchronously; the address may go once it has
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A title as part of a file name: lower case, runs of other characters as one dash, none at the ends. */
export function fileSlug(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A file name from a test's name: 'Runner 2: feel lighter' → 'runner-2-feel-lighter-summary.pdf'. */
export function testFileName(testName: string, what: string, extension: string): string {
  return `${fileSlug(testName) || 'test'}-${what}.${extension}`;
}
