import type { Executor } from '../client.js';
import { countries } from '../schema.js';
import { ISO_COUNTRIES } from './countries.js';

/** Data every installation needs, demo or not: the ISO countries. Safe to run at every start. */
export async function seedReferenceData(db: Executor): Promise<void> {
  await db
    .insert(countries)
    .values(ISO_COUNTRIES.map(([code, name]) => ({ code, name })))
    .onConflictDoNothing();
}
