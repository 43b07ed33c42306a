import type { GazeModel } from '@limbus/analytics';
import { z } from 'zod';
import type { RemoteSession } from './api';

/**
 * The participant's session, kept in the tab's sessionStorage so that a reload resumes it
 * (docs/remote-studies.md 'Resuming after a reload'): the session credential, which opens only
 * this one participant's own routes for its 3 hours, with the link it belongs to and the gaze model
 * its calibration fitted (plain numbers, no image). sessionStorage is this tab's alone and is gone
 * when the tab closes; nothing goes to localStorage or a cookie.
 */
const KEY = 'limbus.remote-session';

const numbers = z.array(z.number());
const storedSchema = z.object({
  link: z.string(),
  session: z.object({ participantId: z.number(), token: z.string(), expiresAt: z.number() }),
  model: z
    .object({
      means: numbers,
      scales: numbers,
      weightsX: numbers,
      weightsY: numbers,
      interceptX: z.number(),
      interceptY: z.number(),
      ridge: z.number(),
    })
    .nullable(),
});
export type StoredSession = z.infer<typeof storedSchema>;

/** The tab's storage; null where the browser refuses it (private modes, blocked storage). */
function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function write(stored: StoredSession): void {
  try {
    storage()?.setItem(KEY, JSON.stringify(stored));
  } catch {
    // full or refused: the session goes on in memory, as before resuming was built
  }
}

/** The session stored for this link, or null: none, another link's, or unreadable. */
export function storedSessionOf(link: string): StoredSession | null {
  const text = storage()?.getItem(KEY);
  if (!text) return null;
  try {
    const stored = storedSchema.safeParse(JSON.parse(text));
    return stored.success && stored.data.link === link ? stored.data : null;
  } catch {
    return null;
  }
}

/** Keeps the session just joined by this link (replacing another link's). */
export function storeSession(link: string, session: RemoteSession): void {
  write({ link, session, model: null });
}

/** Keeps the gaze model of a passed calibration beside the session, so that a reload need not calibrate again. */
export function storeGazeModel(link: string, model: GazeModel): void {
  const stored = storedSessionOf(link);
  if (stored) write({ ...stored, model });
}

/** Forgets the stored session: the server ended it. */
export function forgetSession(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // nothing to forget
  }
}
