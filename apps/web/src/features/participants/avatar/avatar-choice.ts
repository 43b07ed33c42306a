import { FEMALE_PORTRAITS, MALE_PORTRAITS, type Portrait } from './portraits';

export type AvatarSet = 'female' | 'male';

/** FNV-1a: a small, stable hash of a string (the same participant always gets the same portrait). */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const FEMALE = new Set(['female', 'f', 'woman', 'vrouw', 'v']);
const MALE = new Set(['male', 'm', 'man']);

/** The set a recorded gender points to; unknown or other genders are spread over both by the hash. */
export function avatarSetOf(gender: string | null, hash: number): AvatarSet {
  const given = gender?.trim().toLowerCase() ?? '';
  if (FEMALE.has(given)) return 'female';
  if (MALE.has(given)) return 'male';
  return (hash >>> 8) % 2 === 0 ? 'female' : 'male';
}

/**
 * The portrait of a participant: chosen by their id (not the list position, so sorting or deleting
 * others never changes it; not the recorder's P0001, which repeats in every test) within the set of
 * their gender.
 */
export function avatarFor(participant: { id: number; demographic: { gender: string | null } }): {
  set: AvatarSet;
  index: number;
  portrait: Portrait;
} {
  const hash = stableHash(`participant-${participant.id}`);
  const set = avatarSetOf(participant.demographic.gender, hash);
  const portraits = set === 'female' ? FEMALE_PORTRAITS : MALE_PORTRAITS;
  const index = hash % portraits.length;
  return { set, index, portrait: portraits[index] as Portrait };
}
