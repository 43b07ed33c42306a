import fs from 'node:fs';
import path from 'node:path';

/** The link in the newest mail to `to` in the product's outbox, waiting up to 10 s for it to arrive. */
export async function linkFromLatestMail(to: string, since = 0): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(outbox)
      ? fs
          .readdirSync(outbox)
          .filter((name) => name.endsWith('.eml') && name.includes(to))
          .filter((name) => fs.statSync(path.join(outbox, name)).mtimeMs >= since)
          .sort()
      : [];
    const latest = files.at(-1);
    if (latest) {
      const raw = fs
        .readFileSync(path.join(outbox, latest), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      const body = raw
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join('\n');
      const link = /https?:\/\/[^\s"<>]+/.exec(body)?.[0];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No mail with a link to ${to} arrived in ${outbox}`);
}
