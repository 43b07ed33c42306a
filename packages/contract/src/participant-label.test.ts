import { describe, expect, it } from 'vitest';
import {
  PARTICIPANT_UNLABELLED,
  participantLabel,
  pseudonymiser,
  pseudonymsOf,
} from './participant-label.js';

describe('participantLabel (issue 26, one name per participant)', () => {
  it('names a participant by its label, as the list and the recording show it, not by its database id', () => {
    expect(participantLabel({ real_id: 'P0001' })).toBe('P0001');
    const participant = { id: 25, real_id: 'lab1-0042' };
    expect(participantLabel(participant)).toBe('lab1-0042');
    expect(participantLabel(participant)).not.toContain('25');
  });

  it('trims the label, and names one without a label as such rather than by its id', () => {
    expect(participantLabel({ real_id: '  V0003 ' })).toBe('V0003');
    expect(participantLabel({ real_id: '   ' })).toBe(PARTICIPANT_UNLABELLED);
    expect(participantLabel({ real_id: '' })).not.toMatch(/\d/);
  });
});

describe('pseudonymiser (share links and evidence reels)', () => {
  const people = [
    { id: 7, real_id: 'REAL-ANNA' },
    { id: 3, real_id: 'REAL-BOB' },
    { id: 9, real_id: '12' },
  ];
  const pseudonymise = pseudonymiser(people, pseudonymsOf([7, 9]));

  it('writes the pseudonym for each label a text quotes, and "a participant" for one left out', () => {
    expect(pseudonymise('REAL-ANNA sighs; REAL-BOB laughs.')).toBe('P01 sighs; a participant laughs.');
    expect(pseudonymise('<p>REAL-ANNA</p>')).toBe('<p>P01</p>');
  });

  it('replaces whole labels only, and leaves labels under 3 characters (they would replace numbers)', () => {
    expect(pseudonymise('not REAL-ANNAH, nor xREAL-ANNA')).toBe('not REAL-ANNAH, nor xREAL-ANNA');
    expect(pseudonymise('12 of 40 participants')).toBe('12 of 40 participants');
  });

  it('leaves a text as it is when no label may be replaced', () => {
    expect(pseudonymiser([], new Map())('REAL-ANNA')).toBe('REAL-ANNA');
  });
});
