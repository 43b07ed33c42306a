import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import type { FileStore } from '../src/files/file-store.js';

/** Every row of every table (schema public) as JSON text, by table, and every key of the file store. */
export async function dumpEverything(db: Database, files: FileStore) {
  const tables = await db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const names = (
    (tables as { rows?: { name: string }[] }).rows ?? (tables as unknown as { name: string }[])
  ).map((row) => row.name);
  const rows = new Map<string, string[]>();
  for (const name of names) {
    const result = await db.execute(sql`select row_to_json(t)::text as row from ${sql.identifier(name)} t`);
    const list = (result as { rows?: { row: string }[] }).rows ?? (result as unknown as { row: string }[]);
    rows.set(
      name,
      list.map((row) => row.row),
    );
  }
  return { rows, files: await files.list('') };
}

/** A key where it starts the text or follows a character no key has: not `videos/1.` in `test-videos/1.mp4`. */
const keyIn = (text: string, part: string) =>
  new RegExp(`(^|[^A-Za-z0-9._/-])${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(text);

export type Person = { participantId: number; realId: string; keys: string[] };

/**
 * Where a dump still holds a person's identifiers: its real_id as a JSON string, a storage key or
 * key prefix of its files, its id as a participant_id (or as the id of a participants row). The
 * erasures table is left out: a receipt names the id the participant had, by design.
 */
export function findPerson(dump: Awaited<ReturnType<typeof dumpEverything>>, person: Person): string[] {
  const id = person.participantId;
  const keyParts = [
    `streams/${id}/`,
    `ingest/${id}/`,
    `uploads/${id}.part`,
    `uploads/research-${id}-`,
    `videos/${id}.`,
    ...person.keys,
  ];
  const idPattern = new RegExp(`"(participant_id|participantId)":${id}(?![0-9])`);
  const found: string[] = [];
  for (const [table, rows] of dump.rows) {
    if (table === 'erasures') continue;
    for (const row of rows) {
      const hit =
        row.includes(JSON.stringify(person.realId)) ||
        keyParts.some((part) => keyIn(row, part)) ||
        idPattern.test(row) ||
        (table === 'participants' && new RegExp(`^\\{"id":${id},`).test(row));
      if (hit) found.push(`${table}: ${row.slice(0, 200)}`);
    }
  }
  for (const key of dump.files) if (keyParts.some((part) => key.startsWith(part))) found.push(`file ${key}`);
  return found;
}
