import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Lets `write` fill a temp file next to `output`, syncs it and renames it to `output`, so that
 * nobody ever sees a half-written file under the final name; the temp file is removed when
 * `write` fails or is aborted.
 */
export async function writeAtomically(output: string, write: (temp: string) => Promise<void>): Promise<void> {
  const temp = path.join(
    path.dirname(output),
    `.${path.basename(output)}.${randomBytes(6).toString('hex')}.tmp`,
  );
  try {
    await write(temp);
    const handle = await fs.promises.open(temp, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(temp, output);
  } catch (error) {
    await fs.promises.rm(temp, { force: true });
    throw error;
  }
}
