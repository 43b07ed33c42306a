import type { VoiceMediaType } from '@limbus/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { voiceChunks, voiceTakes } from '../../db/schema.js';

export type VoiceTakeRow = typeof voiceTakes.$inferSelect;

/** The take's row, created with its media type and start when its first chunk arrives. */
export async function findOrCreateTakeRow(
  db: Executor,
  values: { participantId: number; take: number; mediaType: VoiceMediaType; startedAt: Date },
): Promise<VoiceTakeRow> {
  await db.insert(voiceTakes).values(values).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(voiceTakes)
    .where(and(eq(voiceTakes.participantId, values.participantId), eq(voiceTakes.take, values.take)));
  if (!row) throw new Error(`voice take ${values.take} of participant ${values.participantId} vanished`);
  return row;
}

/** Bytes of the participant's chunks not joined yet and of its joined takes, but chunk `seq` of `takeId`. */
export async function storedVoiceBytes(
  db: Executor,
  participantId: number,
  but: { takeId: number; seq: number },
) {
  const [chunks] = await db
    .select({ bytes: sql<string>`coalesce(sum(${voiceChunks.bytes}), 0)` })
    .from(voiceChunks)
    .where(
      and(
        eq(voiceChunks.participantId, participantId),
        sql`not (${voiceChunks.takeId} = ${but.takeId} and ${voiceChunks.seq} = ${but.seq})`,
      ),
    );
  const [takes] = await db
    .select({ bytes: sql<string>`coalesce(sum(${voiceTakes.bytes}), 0)` })
    .from(voiceTakes)
    .where(eq(voiceTakes.participantId, participantId));
  return Number(chunks?.bytes ?? 0) + Number(takes?.bytes ?? 0);
}

export async function upsertChunkRow(
  db: Executor,
  values: { takeId: number; participantId: number; seq: number; bytes: number },
) {
  await db
    .insert(voiceChunks)
    .values(values)
    .onConflictDoUpdate({ target: [voiceChunks.takeId, voiceChunks.seq], set: { bytes: values.bytes } });
}

export async function highestTake(db: Executor, participantId: number): Promise<number> {
  const [row] = await db
    .select({ take: sql<number | null>`max(${voiceTakes.take})` })
    .from(voiceTakes)
    .where(eq(voiceTakes.participantId, participantId));
  return Number(row?.take ?? 0);
}

export function listTakeRows(db: Executor, participantId: number): Promise<VoiceTakeRow[]> {
  return db
    .select()
    .from(voiceTakes)
    .where(eq(voiceTakes.participantId, participantId))
    .orderBy(asc(voiceTakes.take));
}

export function listUnjoinedTakeRows(db: Executor, participantId: number): Promise<VoiceTakeRow[]> {
  return db
    .select()
    .from(voiceTakes)
    .where(and(eq(voiceTakes.participantId, participantId), isNull(voiceTakes.fileKey)))
    .orderBy(asc(voiceTakes.take));
}

/** Names the joined file on the take and drops its chunks' rows, in one transaction; false when the take is gone. */
export function markTakeJoined(
  db: Database,
  takeId: number,
  joined: { fileKey: string; bytes: number; durationMs: number | null; joinedAt: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const named = await tx
      .update(voiceTakes)
      .set(joined)
      .where(eq(voiceTakes.id, takeId))
      .returning({ id: voiceTakes.id });
    await tx.delete(voiceChunks).where(eq(voiceChunks.takeId, takeId));
    return named.length > 0;
  });
}

/** A take without any chunk (every one was refused or lost): nothing to keep. */
export async function deleteTakeRow(db: Executor, takeId: number) {
  await db.delete(voiceTakes).where(eq(voiceTakes.id, takeId));
}
