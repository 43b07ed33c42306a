import { languageOfName } from '@limbus/contract';

/** The languages the participant's pages speak; any other test language reads English. */
export type ParticipantLanguage = 'en' | 'nl';

/** The test's language, as the study answers it (its English name: 'Dutch'), as a page language. */
export function participantLanguage(testLanguage: string): ParticipantLanguage {
  return languageOfName(testLanguage)?.code === 'nl' ? 'nl' : 'en';
}

type WelcomeTexts = {
  invitation: string;
  whatHappens: string;
  steps: readonly string[];
  onDevice: string;
  openUntil: (date: string) => string;
  notOpenYet: string;
};

/** Every text of the welcome page, per language. */
export const WELCOME_TEXTS: Record<ParticipantLanguage, WelcomeTexts> = {
  en: {
    invitation: 'You are invited to take part in this study.',
    whatHappens: 'What will happen',
    steps: [
      'You choose what you consent to: each kind of data (such as your gaze or your mouse) and each purpose on its own.',
      'A check of your camera and your screen.',
      'A short calibration: you follow a few dots with your eyes.',
      'The study itself.',
      'A few questions.',
    ],
    onDevice: 'Your camera video never leaves your device: everything is computed on it.',
    openUntil: (date) => `This link is open until ${date}.`,
    notOpenYet: 'Taking part in the browser is not open yet: your researcher will let you know.',
  },
  nl: {
    invitation: 'Je bent uitgenodigd om deel te nemen aan dit onderzoek.',
    whatHappens: 'Wat er gaat gebeuren',
    steps: [
      'Je kiest waarvoor je toestemming geeft: per soort gegevens (zoals je blik of je muis) en per doel apart.',
      'Een controle van je camera en je scherm.',
      'Een korte kalibratie: je volgt een paar stippen met je ogen.',
      'Het onderzoek zelf.',
      'Een paar vragen.',
    ],
    onDevice: 'De video van je camera verlaat je apparaat nooit: alles wordt erop berekend.',
    openUntil: (date) => `Deze link is open tot ${date}.`,
    notOpenYet: 'Deelnemen in de browser is nog niet mogelijk: je onderzoeker laat het je weten.',
  },
};
