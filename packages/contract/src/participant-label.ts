/**
 * The one place that decides how a participant is named to people (issue 26 'One name per
 * participant'): every screen, PDF, export label and server-made text (AI text, insight evidence)
 * calls this, never a database id. Today it is the participant's label, the id the lab's recorder
 * gave it (`real_id`, such as 'P0001'), which the participants list, the selector and the recording
 * show. A visitor's view that must not see labels (a share link's 'P01…' pseudonyms) changes it here.
 */
export const PARTICIPANT_UNLABELLED = 'Unlabelled participant';

export function participantLabel(participant: { real_id: string }): string {
  return participant.real_id.trim() || PARTICIPANT_UNLABELLED;
}

/** A share link's name for the participant at `position` (0-based) of those it shows: P01, P02… */
export function participantPseudonym(position: number): string {
  return `P${String(position + 1).padStart(2, '0')}`;
}

/**
 * The pseudonyms of the participants a share link or an evidence reel shows: P01, P02… in the
 * order of their ids, so that every answer of one link, or one reel, names a participant alike.
 */
export function pseudonymsOf(participantIds: readonly number[]): Map<number, string> {
  const sorted = [...participantIds].sort((a, b) => a - b);
  return new Map(sorted.map((id, position) => [id, participantPseudonym(position)]));
}

/** How a share link's or a reel's texts name a participant they leave out (no consent to the report). */
export const PARTICIPANT_LEFT_OUT = 'a participant';

/** Shorter labels are left as they are: '7' would also replace every 7 of a text. */
const MIN_REPLACED_LABEL = 3;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Researchers' texts (insight fields, point comments, a reel's captions) quote participants by
 * their label (`participantLabel`, the real_id): a share link and an evidence reel write the
 * pseudonym instead (`pseudonymsOf`), and 'a participant' for one they leave out. `people` are all
 * the test's participants whose label a text may quote.
 */
export function pseudonymiser(
  people: readonly { id: number; real_id: string }[],
  pseudonyms: ReadonlyMap<number, string>,
): (text: string) => string {
  const replacements = new Map(
    people.map((person) => [participantLabel(person), pseudonyms.get(person.id) ?? PARTICIPANT_LEFT_OUT]),
  );
  const labels = [...replacements.keys()]
    .filter((label) => label.length >= MIN_REPLACED_LABEL && label !== PARTICIPANT_UNLABELLED)
    .sort((a, b) => b.length - a.length);
  if (labels.length === 0) return (text) => text;
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${labels.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`,
    'gu',
  );
  return (text) => text.replace(pattern, (label) => replacements.get(label) ?? label);
}
