import { REMOTE_MESSAGES } from '@limbus/contract';

/** The server's refusals a participant may read (it writes them in English). */
type Refusal =
  | 'unknownLink'
  | 'full'
  | 'expired'
  | 'revoked'
  | 'sessionEnded'
  | 'externalIdNeeded'
  | 'externalIdTaken'
  | 'sessionOver'
  | 'answersNotConsented'
  | 'unknownQuestion'
  | 'gazeNeedsCalibration';

const DUTCH: Record<Refusal, string> & { termsChanged: (version: string) => string } = {
  unknownLink: 'Deze onderzoekslink is niet bekend: controleer het adres dat je kreeg.',
  full: 'Dit onderzoek is vol: alle plaatsen zijn bezet. Bedankt voor je interesse.',
  expired: 'Dit onderzoek is gesloten: de link is verlopen.',
  revoked: 'Dit onderzoek is gesloten door de onderzoekers.',
  sessionEnded: 'Deze sessie is verlopen: open de onderzoekslink opnieuw om mee te doen.',
  externalIdNeeded:
    'Aan het eind stuurt dit onderzoek je panel-id terug: open het onderzoek via de link van je panel.',
  externalIdTaken: 'Met dit panel-id is al aan dit onderzoek meegedaan.',
  sessionOver: 'Deze sessie is afgelopen: er wordt niets meer opgenomen.',
  answersNotConsented:
    'Je hebt geen toestemming gegeven om je antwoorden te bewaren, dus ze worden niet opgeslagen. Bedankt voor je deelname.',
  unknownQuestion: 'Deze vraag hoort niet bij dit onderzoek.',
  gazeNeedsCalibration:
    'Je blik wordt pas opgenomen na een geslaagde kalibratie: kalibreer opnieuw, of ga verder zonder blik.',
  termsChanged: (version) =>
    `De toestemmingsvoorwaarden zijn gewijzigd (nu versie ${version}): lees ze opnieuw en geef toestemming voor de nieuwe versie.`,
};

const TERMS_CHANGED = new RegExp(
  `^${REMOTE_MESSAGES.termsChanged(0)
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace('0', '(\\d+)')}$`,
);

/**
 * A refusal of the server for a Dutch participant: the server writes English; the refusals a
 * participant can meet are read in Dutch (any other message stays as written).
 */
export function dutchRefusal(message: string): string {
  const changed = TERMS_CHANGED.exec(message);
  if (changed?.[1]) return DUTCH.termsChanged(changed[1]);
  const refusal = (Object.keys(DUTCH) as (Refusal | 'termsChanged')[]).find(
    (key) => key !== 'termsChanged' && REMOTE_MESSAGES[key] === message,
  );
  return refusal && refusal !== 'termsChanged' ? DUTCH[refusal] : message;
}
