import { REMOTE_MESSAGES } from '@limbus/contract';
import { describe, expect, it } from 'vitest';
import { inParticipantLanguage } from './refusals';

describe('the server’s refusals in the participant’s language', () => {
  it('reads the refusals a Dutch participant can meet in Dutch, the terms’ version kept', () => {
    expect(inParticipantLanguage(REMOTE_MESSAGES.externalIdNeeded, 'nl')).toBe(
      'Aan het eind stuurt dit onderzoek je panel-id terug: open het onderzoek via de link van je panel.',
    );
    expect(inParticipantLanguage(REMOTE_MESSAGES.sessionOver, 'nl')).toBe(
      'Deze sessie is afgelopen: er wordt niets meer opgenomen.',
    );
    expect(inParticipantLanguage(REMOTE_MESSAGES.termsChanged(12), 'nl')).toBe(
      'De toestemmingsvoorwaarden zijn gewijzigd (nu versie 12): lees ze opnieuw en geef toestemming voor de nieuwe versie.',
    );
    for (const key of [
      'unknownLink',
      'full',
      'expired',
      'revoked',
      'sessionEnded',
      'externalIdTaken',
      'answersNotConsented',
      'unknownQuestion',
      'gazeNeedsCalibration',
    ] as const)
      expect(inParticipantLanguage(REMOTE_MESSAGES[key], 'nl'), key).not.toBe(REMOTE_MESSAGES[key]);
  });

  it('leaves English as the server wrote it, and a message it does not know as written', () => {
    expect(inParticipantLanguage(REMOTE_MESSAGES.full, 'en')).toBe(REMOTE_MESSAGES.full);
    expect(inParticipantLanguage('Too many requests: wait a minute', 'nl')).toBe(
      'Too many requests: wait a minute',
    );
  });
});
