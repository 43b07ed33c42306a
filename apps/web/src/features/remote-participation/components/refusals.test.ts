import { REMOTE_MESSAGES } from '@limbus/contract';
import { describe, expect, it } from 'vitest';
import { browserLanguage, PARTICIPANT_TEXTS } from './participant-texts';
import { dutchRefusal } from './refusals';

describe('the server’s refusals in the participant’s language', () => {
  it('reads the refusals a Dutch participant can meet in Dutch, the terms’ version kept', () => {
    expect(dutchRefusal(REMOTE_MESSAGES.externalIdNeeded)).toBe(
      'Aan het eind stuurt dit onderzoek je panel-id terug: open het onderzoek via de link van je panel.',
    );
    expect(dutchRefusal(REMOTE_MESSAGES.sessionOver)).toBe(
      'Deze sessie is afgelopen: er wordt niets meer opgenomen.',
    );
    expect(dutchRefusal(REMOTE_MESSAGES.termsChanged(12))).toBe(
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
      expect(dutchRefusal(REMOTE_MESSAGES[key]), key).not.toBe(REMOTE_MESSAGES[key]);
  });

  it('leaves English as the server wrote it, and a message it does not know as written', () => {
    expect(PARTICIPANT_TEXTS.en.consent.refusal(REMOTE_MESSAGES.full)).toBe(REMOTE_MESSAGES.full);
    expect(PARTICIPANT_TEXTS.nl.consent.refusal(REMOTE_MESSAGES.full)).toBe(
      dutchRefusal(REMOTE_MESSAGES.full),
    );
    expect(dutchRefusal('Too many requests: wait a minute')).toBe('Too many requests: wait a minute');
  });
});

describe('browserLanguage', () => {
  it('takes the browser’s first language that has texts, else English', () => {
    expect(browserLanguage(['nl-BE', 'en'])).toBe('nl');
    expect(browserLanguage(['de-DE', 'en-GB', 'nl'])).toBe('en');
    expect(browserLanguage(['fr', 'NL'])).toBe('nl');
    expect(browserLanguage([])).toBe('en');
  });
});
