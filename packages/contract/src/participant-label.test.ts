import { describe, expect, it } from 'vitest';
import { PARTICIPANT_UNLABELLED, participantLabel } from './participant-label.js';

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
