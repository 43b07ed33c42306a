import { describe, expect, it } from 'vitest';
import { avatarFor, avatarSetOf, stableHash } from './avatar-choice';
import { FEMALE_PORTRAITS, MALE_PORTRAITS } from './portraits';

const participant = (id: number, gender: string | null) => ({ id, demographic: { gender } });

describe('avatar sets', () => {
  it('holds 12 female and 12 male portraits, no two alike', () => {
    expect(FEMALE_PORTRAITS).toHaveLength(12);
    expect(MALE_PORTRAITS).toHaveLength(12);
    for (const set of [FEMALE_PORTRAITS, MALE_PORTRAITS])
      expect(new Set(set.map((portrait) => JSON.stringify(portrait))).size).toBe(12);
  });
});

describe('avatarFor', () => {
  it('gives a participant the same portrait every time, whatever else is listed', () => {
    const first = avatarFor(participant(14, 'female'));
    for (let round = 0; round < 5; round += 1) {
      avatarFor(participant(1000 + round, 'male'));
      expect(avatarFor(participant(14, 'female'))).toEqual(first);
    }
    expect(avatarFor(participant(14, 'female')).index).toBe(stableHash('participant-14') % 12);
  });

  it('takes the portrait from the set of the recorded gender', () => {
    for (let n = 0; n < 40; n += 1) {
      expect(avatarFor(participant(n, 'female')).set).toBe('female');
      expect(avatarFor(participant(n, 'Male')).set).toBe('male');
      expect(avatarFor(participant(n, 'vrouw')).set).toBe('female');
    }
  });

  it('spreads participants over all 12 portraits of a set', () => {
    const used = new Set(Array.from({ length: 200 }, (_, n) => avatarFor(participant(n, 'male')).index));
    expect(used.size).toBe(12);
  });

  it('places unknown and other genders in both sets, stably', () => {
    const sets = Array.from({ length: 60 }, (_, n) =>
      avatarSetOf(n % 2 ? null : 'other', stableHash(`p${n}`)),
    );
    expect(new Set(sets)).toEqual(new Set(['female', 'male']));
    expect(avatarFor(participant(7, null))).toEqual(avatarFor(participant(7, null)));
  });
});
