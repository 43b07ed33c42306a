/**
 * Waits for a database change notice to reach the process's caches: after the commit, at once on
 * PGlite, within milliseconds on PostgreSQL. Answers whether `check` held within 2 s.
 */
export async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + 2_000;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}
