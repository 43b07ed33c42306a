import { type ConsentPurpose, type ConsentStream, languageOfName } from '@limbus/contract';
import type { MicrophoneFailure } from '../tracking/microphone';
import { dutchRefusal } from './refusals';

/** The languages the participant's pages speak; any other test language reads English. */
export type ParticipantLanguage = 'en' | 'nl';

/** The test's language, as the study answers it (its English name: 'Dutch'), as a page language. */
export function participantLanguage(testLanguage: string): ParticipantLanguage {
  return languageOfName(testLanguage)?.code === 'nl' ? 'nl' : 'en';
}

/**
 * The participant's language before the study's is known (a link that opens no study, a session
 * that ended): the browser's first language that has texts, else English.
 */
export function browserLanguage(
  languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): ParticipantLanguage {
  for (const tag of languages) {
    const code = tag.toLowerCase().split('-')[0];
    if (code === 'nl' || code === 'en') return code;
  }
  return 'en';
}

/** The technical check's items, in the order they are checked. */
export type CheckItem = 'browser' | 'camera' | 'face' | 'light' | 'screen';

type CheckTexts = {
  heading: string;
  intro: string;
  items: Record<CheckItem, string>;
  checking: string;
  passed: string;
  /** What to change, per failure. */
  advice: {
    unsupported: (feature: string) => string;
    cameraDenied: string;
    noCamera: string;
    cameraBusy: string;
    engine: string;
    noFace: string;
    faceSmall: string;
    tooDark: string;
    tooBright: string;
    uneven: string;
    screenSmall: (minimum: string) => string;
  };
  preview: string;
  tryAgain: string;
  continue: string;
  withoutGaze: string;
  withoutGazeHint: string;
};

type CalibrationTexts = {
  heading: string;
  intro: string;
  howTo: readonly string[];
  start: string;
  point: (point: number, points: number) => string;
  lostFace: string;
  validationIntro: string;
  validationPoint: (point: number, points: number) => string;
  measuring: string;
  passedHeading: string;
  recalibrateHeading: string;
  withoutGazeHeading: string;
  stopHeading: string;
  attempt: (attempt: number, attempts: number) => string;
  figures: (accuracy: string, accuracyPx: string, precision: string) => string;
  needs: (threshold: string) => string;
  notMeasured: string;
  recalibrateTips: string;
  withoutGaze: string;
  stop: string;
  again: string;
  continue: string;
  failed: string;
  /** The server's refusal as the participant reads it. */
  refusal: (message: string) => string;
};

type StimulusTexts = {
  heading: string;
  pagesIntro: (pages: number, seconds: number) => string;
  /** Why a website is shown as pictures of its pages. */
  pagesNotLive: string;
  siteIntro: (minutes: number) => string;
  siteTask: string;
  startSite: string;
  siteLabel: string;
  siteDone: string;
  /** A window smaller than the website's layout needs (a phone on a desktop site); the time waits. */
  siteWindowSmall: (minimum: string) => string;
  videoIntro: string;
  sitStill: string;
  fullWindow: string;
  startPages: string;
  startVideo: string;
  pageLabel: (page: number, pages: number) => string;
  videoLabel: string;
  checkpoint: string;
  driftHeading: string;
  driftIntro: string;
  nothingToShow: string;
  continue: string;
};

type QuestionTexts = {
  heading: string;
  intro: string;
  associations: string;
  associationsHint: string;
  scaleOf: (low: string, high: string) => string;
  openHint: string;
  send: string;
  sending: string;
  failed: string;
  /** The server's refusal as the participant reads it. */
  refusal: (message: string) => string;
};

type MicrophoneTexts = {
  /** The step of its own, for a participant who has no camera check. */
  heading: string;
  intro: string;
  item: string;
  asking: string;
  /** Each says plainly that the voice will not be recorded, and what to do. */
  failed: Record<MicrophoneFailure, string>;
  tryAgain: string;
  continue: string;
  /** Said while the voice is recorded, beside a red dot. */
  recording: string;
};

type FinishTexts = {
  heading: string;
  saving: string;
  done: string;
  stopped: string;
  redirecting: string;
  back: string;
  failed: string;
  retry: string;
};

export type ParticipantTexts = {
  welcome: {
    invitation: string;
    whatHappens: string;
    steps: readonly string[];
    duration: string;
    onDevice: string;
    openUntil: (date: string) => string;
    start: string;
  };
  consent: {
    heading: string;
    intro: string;
    terms: string;
    streams: string;
    purposes: string;
    streamNames: Record<ConsentStream, string>;
    purposeNames: Record<ConsentPurpose, string>;
    onDevice: string;
    /** Said when the terms cover the voice: unlike the camera video, it is sent. */
    voiceSent: string;
    noStream: string;
    noPurpose: string;
    agree: string;
    joining: string;
    /** The server's refusal as the participant reads it. */
    refusal: (message: string) => string;
  };
  check: CheckTexts;
  microphone: MicrophoneTexts;
  calibration: CalibrationTexts;
  stimulus: StimulusTexts;
  questions: QuestionTexts;
  finish: FinishTexts;
  /** Said once at the top when a reload resumed the session. */
  resumed: string;
  stepOf: (step: number, steps: number) => string;
  /** The link opens no study (the server's refusal, or a fault). */
  unavailable: {
    heading: string;
    fault: string;
    tryAgain: string;
    refusal: (message: string) => string;
  };
  /** A reloaded session the server ended. */
  ended: { heading: string; kept: string; refusal: (message: string) => string };
};

/** Every text of the participant's pages, per language. */
export const PARTICIPANT_TEXTS: Record<ParticipantLanguage, ParticipantTexts> = {
  en: {
    welcome: {
      invitation: 'You are invited to take part in this study.',
      whatHappens: 'What will happen',
      steps: [
        'You choose what you consent to: each kind of data (such as your gaze or your mouse) and each purpose on its own.',
        'A check of your camera and your screen.',
        'A short calibration: you follow a few dots with your eyes.',
        'The study itself.',
        'A few questions.',
      ],
      duration: 'It takes about 10 to 15 minutes. Sit at a desk in a quiet, evenly lit room.',
      onDevice: 'Your camera video never leaves your device: everything is computed on it.',
      openUntil: (date) => `This link is open until ${date}.`,
      start: 'Start',
    },
    consent: {
      heading: 'Your consent',
      intro:
        'Read the terms, then choose what may be recorded and what it may be used for. You can take part with less.',
      terms: 'The terms',
      streams: 'What may be recorded',
      purposes: 'What it may be used for',
      streamNames: {
        emotions: 'EEG and emotions',
        eyes: 'Where you look on the screen (gaze, from your camera)',
        mice: 'Your mouse movements, clicks and scrolling',
        screen: 'A recording of the screen',
        voice: 'What you say aloud',
        answers: 'Your answers to the questions',
        expressions: 'Your facial expressions (read from your camera on your own device: no video is sent)',
      },
      purposeNames: {
        report: "This study's report for the client",
        norms: 'Anonymised norms and benchmarks across studies',
        ai: 'AI processing of your written answers',
      },
      onDevice:
        'Your camera video never leaves your device: only where you look and your facial expressions, computed on your device, are sent.',
      voiceSent:
        'If you agree to what you say aloud being recorded, the microphone records your voice while the study runs, and the recording is sent to the researchers (unlike the camera video).',
      noStream: 'Choose at least one kind of data, or close this page if you do not want to take part.',
      noPurpose: 'Choose at least one purpose, or close this page if you do not want to take part.',
      agree: 'I consent and continue',
      joining: 'Saving your consent',
      refusal: (message) => message,
    },
    check: {
      heading: 'Camera and screen check',
      intro: 'Sit as you will during the study, your face in the middle of the camera.',
      items: {
        browser: 'Your browser can run the study',
        camera: 'The camera may be used',
        face: 'Your face is in view',
        light: 'Your face is evenly lit',
        screen: 'Your screen is large enough',
      },
      checking: 'Checking',
      passed: 'Everything is ready.',
      advice: {
        unsupported: (feature) =>
          `Your browser lacks ${feature}. Open this link in a current Chrome, Edge or Firefox on a computer.`,
        cameraDenied:
          "The camera was not allowed. Allow it in your browser's address bar (the camera icon), then try again.",
        noCamera: 'No camera was found. Connect a webcam, then try again.',
        cameraBusy:
          'The camera could not be opened. Close other apps that use it (video calls), then try again.',
        engine: 'The face tracking could not start on this device. Try again, or use another computer.',
        noFace: 'No face is in view. Sit in front of the camera, your whole face visible.',
        faceSmall: 'Your face is too far away. Move closer to the camera.',
        tooDark: 'Your face is too dark. Turn on a light in front of you.',
        tooBright: 'Your face is too bright. Move away from direct sunlight.',
        uneven: 'Your face is lit from one side. Face the light, or turn on a light in front of you.',
        screenSmall: (minimum) =>
          `Your browser window is too small: make it at least ${minimum} pixels, or use a larger screen.`,
      },
      preview: 'Your camera (only you see this)',
      tryAgain: 'Try again',
      continue: 'Continue',
      withoutGaze: 'Continue without gaze',
      withoutGazeHint: 'Your mouse and your answers are still recorded.',
    },
    microphone: {
      heading: 'Microphone',
      intro:
        'You agreed to what you say aloud being recorded. Your browser asks whether the study may use the microphone.',
      item: 'The microphone may be used',
      asking: 'Allow the microphone when your browser asks, to have your voice recorded.',
      failed: {
        denied:
          "The microphone was not allowed, so your voice will not be recorded. To allow it, click the microphone or lock icon in your browser's address bar, then try again. You can also go on without it.",
        missing:
          'No microphone was found, so your voice will not be recorded. Connect one, then try again, or go on without it.',
        busy: 'The microphone could not be opened, so your voice will not be recorded. Close other apps that use it (video calls), then try again, or go on without it.',
        unsupported:
          'This browser cannot record sound, so your voice will not be recorded. You can go on without it.',
      },
      tryAgain: 'Try the microphone again',
      continue: 'Continue',
      recording: 'Recording your voice',
    },
    calibration: {
      heading: 'Calibration',
      intro: 'The camera learns where you look: it takes about a minute.',
      howTo: [
        'Nine dots appear one at a time. Look at each dot and, while looking at it, click it or press Enter.',
        'Then five dots move on by themselves: just look at each one.',
        'Keep your head still and at the same distance throughout.',
      ],
      start: 'Start the calibration',
      point: (point, points) => `Dot ${point} of ${points}: look at it, then press it`,
      lostFace: 'Your face was not seen at that dot: look at it and press it again.',
      validationIntro: 'Now just look at each dot until it moves on.',
      validationPoint: (point, points) => `Checking dot ${point} of ${points}: keep looking at it`,
      measuring: 'Measuring how accurate the calibration is',
      passedHeading: 'Calibration done',
      recalibrateHeading: 'Not accurate enough yet',
      withoutGazeHeading: 'You continue without gaze',
      stopHeading: 'Thank you',
      attempt: (attempt, attempts) => `Calibration ${attempt} of at most ${attempts}`,
      figures: (accuracy, accuracyPx, precision) =>
        `Your gaze is measured to within ${accuracy} (about ${accuracyPx} pixels) on average, steady to ${precision}.`,
      needs: (threshold) => `This study needs ${threshold} or better.`,
      notMeasured: 'Your gaze could not be measured: your face was not seen while the dots were shown.',
      recalibrateTips:
        'Sit still, keep your face evenly lit and at the same distance, and follow each dot with your eyes.',
      withoutGaze:
        'Your gaze could not be measured accurately enough on this device. Your mouse and your answers are still recorded.',
      stop: 'This study needs accurate gaze, which could not be measured on this device. Thank you for your time.',
      again: 'Calibrate again',
      continue: 'Continue',
      failed: 'The calibration could not be saved. Check your connection, then try again.',
      refusal: (message) => message,
    },
    stimulus: {
      heading: 'The study',
      pagesIntro: (pages, seconds) =>
        `You will see ${pages === 1 ? 'one page' : `${pages} pages`} of a website, ${seconds} seconds each. Look at ${pages === 1 ? 'it' : 'them'} as you would if you were visiting the site; you may scroll.`,
      videoIntro:
        'You will watch a video. Watch it as you would at home; it fills the window and plays with sound.',
      sitStill: 'Keep sitting as you did during the calibration.',
      fullWindow: 'The study fills the whole window until it ends.',
      pagesNotLive:
        'The website itself cannot be shown here: following where you look and click on it would need a browser extension, so you see its pages as pictures.',
      siteIntro: (minutes) =>
        `You will use a web shop in this window, as you would at home: click, scroll and read as you like. You have up to ${minutes} minutes; press “I’m done” when you have finished.`,
      siteTask: 'Your task',
      startSite: 'Open the shop',
      siteLabel: 'The shop',
      siteDone: 'I’m done',
      siteWindowSmall: (minimum) =>
        `The shop is shown as on a computer and needs a window of at least ${minimum} pixels. Make the window larger, turn your device or use a larger screen; your time starts once it fits. If you cannot, press “I’m done”.`,
      startPages: 'Show the pages',
      startVideo: 'Play the video',
      pageLabel: (page, pages) => `Page ${page} of ${pages}`,
      videoLabel: 'The video',
      checkpoint: 'A short check: look at the dot',
      driftHeading: 'A short recalibration',
      driftIntro:
        'Where you look has drifted. Press the nine dots again while looking at them; then the video goes on where it stopped.',
      nothingToShow: 'There is nothing to show in this study yet. Continue to the questions.',
      continue: 'Continue',
    },
    questions: {
      heading: 'A few questions',
      intro: 'There are no right or wrong answers: say what you think.',
      associations: 'Which of these words fit what you saw?',
      associationsHint: 'Choose as many as you like, or none.',
      scaleOf: (low, high) => `1 is ${low}, 5 is ${high}`,
      openHint: 'A few words or sentences.',
      send: 'Send my answers',
      sending: 'Sending your answers',
      failed: 'Your answers could not be sent. Check your connection, then try again.',
      refusal: (message) => message,
    },
    finish: {
      heading: 'Thank you',
      saving: 'Sending the last of your data',
      done: 'Your part of the study is done. You can close this page.',
      stopped: 'Your session has ended. You can close this page.',
      redirecting: 'Taking you back to where you came from…',
      back: 'Go back now',
      failed: 'The last of your data could not be sent. Check your connection, then try again.',
      retry: 'Try again',
    },
    resumed: 'Welcome back: you go on where you left off.',
    stepOf: (step, steps) => `Step ${step} of ${steps}`,
    unavailable: {
      heading: 'Study not available',
      fault: 'The study could not be opened. Try again in a moment.',
      tryAgain: 'Try again',
      refusal: (message) => message,
    },
    ended: {
      heading: 'Your session has ended',
      kept: 'What you sent before it ended is kept. Thank you for taking part.',
      refusal: (message) => message,
    },
  },
  nl: {
    welcome: {
      invitation: 'Je bent uitgenodigd om deel te nemen aan dit onderzoek.',
      whatHappens: 'Wat er gaat gebeuren',
      steps: [
        'Je kiest waarvoor je toestemming geeft: per soort gegevens (zoals je blik of je muis) en per doel apart.',
        'Een controle van je camera en je scherm.',
        'Een korte kalibratie: je volgt een paar stippen met je ogen.',
        'Het onderzoek zelf.',
        'Een paar vragen.',
      ],
      duration:
        'Het duurt ongeveer 10 tot 15 minuten. Ga aan een bureau zitten in een rustige, gelijkmatig verlichte ruimte.',
      onDevice: 'De video van je camera verlaat je apparaat nooit: alles wordt erop berekend.',
      openUntil: (date) => `Deze link is open tot ${date}.`,
      start: 'Beginnen',
    },
    consent: {
      heading: 'Jouw toestemming',
      intro:
        'Lees de voorwaarden en kies wat er opgenomen mag worden en waarvoor. Je kunt ook met minder meedoen.',
      terms: 'De voorwaarden',
      streams: 'Wat er opgenomen mag worden',
      purposes: 'Waarvoor het gebruikt mag worden',
      streamNames: {
        emotions: 'EEG en emoties',
        eyes: 'Waar je op het scherm kijkt (blik, via je camera)',
        mice: 'Je muisbewegingen, klikken en scrollen',
        screen: 'Een opname van het scherm',
        voice: 'Wat je hardop zegt',
        answers: 'Je antwoorden op de vragen',
        expressions:
          'Je gezichtsuitdrukkingen (op je eigen apparaat uit je camerabeeld gelezen: er wordt geen video verstuurd)',
      },
      purposeNames: {
        report: 'Het rapport van dit onderzoek voor de opdrachtgever',
        norms: 'Geanonimiseerde normen en benchmarks over onderzoeken heen',
        ai: 'AI-verwerking van je geschreven antwoorden',
      },
      onDevice:
        'De video van je camera verlaat je apparaat nooit: alleen waar je kijkt en je gezichtsuitdrukkingen, op je apparaat berekend, worden verstuurd.',
      voiceSent:
        'Als je toestemming geeft om op te nemen wat je hardop zegt, neemt de microfoon je stem op zolang het onderzoek loopt, en wordt die opname naar de onderzoekers verstuurd (anders dan de video van je camera).',
      noStream: 'Kies minstens één soort gegevens, of sluit deze pagina als je niet wilt meedoen.',
      noPurpose: 'Kies minstens één doel, of sluit deze pagina als je niet wilt meedoen.',
      agree: 'Ik geef toestemming en ga verder',
      joining: 'Je toestemming wordt opgeslagen',
      refusal: dutchRefusal,
    },
    check: {
      heading: 'Controle van camera en scherm',
      intro: 'Ga zitten zoals tijdens het onderzoek, met je gezicht midden voor de camera.',
      items: {
        browser: 'Je browser kan het onderzoek uitvoeren',
        camera: 'De camera mag gebruikt worden',
        face: 'Je gezicht is in beeld',
        light: 'Je gezicht is gelijkmatig verlicht',
        screen: 'Je scherm is groot genoeg',
      },
      checking: 'Bezig met controleren',
      passed: 'Alles is klaar.',
      advice: {
        unsupported: (feature) =>
          `Je browser mist ${feature}. Open deze link in een recente Chrome, Edge of Firefox op een computer.`,
        cameraDenied:
          'De camera werd niet toegestaan. Sta hem toe in de adresbalk van je browser (het camera-icoon) en probeer het opnieuw.',
        noCamera: 'Er is geen camera gevonden. Sluit een webcam aan en probeer het opnieuw.',
        cameraBusy:
          'De camera kon niet worden geopend. Sluit andere apps die hem gebruiken (videobellen) en probeer het opnieuw.',
        engine:
          'Het volgen van je gezicht kon op dit apparaat niet starten. Probeer het opnieuw, of gebruik een andere computer.',
        noFace: 'Er is geen gezicht in beeld. Ga voor de camera zitten, met je hele gezicht zichtbaar.',
        faceSmall: 'Je gezicht is te ver weg. Kom dichter bij de camera.',
        tooDark: 'Je gezicht is te donker. Doe een lamp aan voor je.',
        tooBright: 'Je gezicht is te fel verlicht. Ga uit direct zonlicht.',
        uneven: 'Je gezicht wordt van opzij verlicht. Kijk naar het licht, of doe een lamp aan voor je.',
        screenSmall: (minimum) =>
          `Je browservenster is te klein: maak het minstens ${minimum} pixels, of gebruik een groter scherm.`,
      },
      preview: 'Je camera (alleen jij ziet dit)',
      tryAgain: 'Opnieuw proberen',
      continue: 'Verder',
      withoutGaze: 'Verder zonder blik',
      withoutGazeHint: 'Je muis en je antwoorden worden nog wel opgenomen.',
    },
    microphone: {
      heading: 'Microfoon',
      intro:
        'Je gaf toestemming om op te nemen wat je hardop zegt. Je browser vraagt of het onderzoek de microfoon mag gebruiken.',
      item: 'De microfoon mag gebruikt worden',
      asking: 'Sta de microfoon toe als je browser erom vraagt, zodat je stem wordt opgenomen.',
      failed: {
        denied:
          'De microfoon werd niet toegestaan, dus je stem wordt niet opgenomen. Sta hem toe via het microfoon- of slot-icoon in de adresbalk van je browser en probeer het opnieuw. Je kunt ook zonder verder.',
        missing:
          'Er is geen microfoon gevonden, dus je stem wordt niet opgenomen. Sluit er een aan en probeer het opnieuw, of ga zonder verder.',
        busy: 'De microfoon kon niet worden geopend, dus je stem wordt niet opgenomen. Sluit andere apps die hem gebruiken (videobellen) en probeer het opnieuw, of ga zonder verder.',
        unsupported:
          'Deze browser kan geen geluid opnemen, dus je stem wordt niet opgenomen. Je kunt zonder verder.',
      },
      tryAgain: 'Microfoon opnieuw proberen',
      continue: 'Verder',
      recording: 'Je stem wordt opgenomen',
    },
    calibration: {
      heading: 'Kalibratie',
      intro: 'De camera leert waar je kijkt: dat duurt ongeveer een minuut.',
      howTo: [
        'Er verschijnen negen stippen, één voor één. Kijk naar elke stip en klik erop of druk op Enter terwijl je ernaar kijkt.',
        'Daarna gaan vijf stippen vanzelf verder: kijk er alleen naar.',
        'Houd je hoofd stil en steeds op dezelfde afstand.',
      ],
      start: 'Kalibratie starten',
      point: (point, points) => `Stip ${point} van ${points}: kijk ernaar en druk erop`,
      lostFace: 'Je gezicht was bij die stip niet te zien: kijk ernaar en druk er opnieuw op.',
      validationIntro: 'Kijk nu alleen naar elke stip tot hij verder gaat.',
      validationPoint: (point, points) =>
        `Stip ${point} van ${points} wordt gecontroleerd: blijf ernaar kijken`,
      measuring: 'De nauwkeurigheid van de kalibratie wordt gemeten',
      passedHeading: 'Kalibratie klaar',
      recalibrateHeading: 'Nog niet nauwkeurig genoeg',
      withoutGazeHeading: 'Je gaat verder zonder blik',
      stopHeading: 'Bedankt',
      attempt: (attempt, attempts) => `Kalibratie ${attempt} van hoogstens ${attempts}`,
      figures: (accuracy, accuracyPx, precision) =>
        `Je blik wordt gemiddeld gemeten tot op ${accuracy} (ongeveer ${accuracyPx} pixels), stabiel tot op ${precision}.`,
      needs: (threshold) => `Dit onderzoek heeft ${threshold} of beter nodig.`,
      notMeasured:
        'Je blik kon niet gemeten worden: je gezicht was niet te zien terwijl de stippen werden getoond.',
      recalibrateTips:
        'Zit stil, houd je gezicht gelijkmatig verlicht en op dezelfde afstand, en volg elke stip met je ogen.',
      withoutGaze:
        'Je blik kon op dit apparaat niet nauwkeurig genoeg gemeten worden. Je muis en je antwoorden worden nog wel opgenomen.',
      stop: 'Dit onderzoek heeft een nauwkeurige blik nodig, en die kon op dit apparaat niet gemeten worden. Bedankt voor je tijd.',
      again: 'Opnieuw kalibreren',
      continue: 'Verder',
      failed: 'De kalibratie kon niet worden opgeslagen. Controleer je verbinding en probeer het opnieuw.',
      refusal: dutchRefusal,
    },
    stimulus: {
      heading: 'Het onderzoek',
      pagesIntro: (pages, seconds) =>
        `Je ziet ${pages === 1 ? 'één pagina' : `${pages} pagina's`} van een website, elk ${seconds} seconden. Kijk ernaar zoals je zou doen als je de site bezoekt; je mag scrollen.`,
      videoIntro:
        'Je bekijkt een video. Kijk zoals je thuis zou doen; hij vult het venster en speelt met geluid.',
      sitStill: 'Blijf zitten zoals tijdens de kalibratie.',
      fullWindow: 'Het onderzoek vult het hele venster tot het klaar is.',
      pagesNotLive:
        'De website zelf kan hier niet getoond worden: volgen waar je kijkt en klikt zou een browserextensie vragen, dus je ziet de pagina’s als afbeeldingen.',
      siteIntro: (minutes) =>
        `Je gebruikt een webwinkel in dit venster, zoals je thuis zou doen: klik, scrol en lees wat je wilt. Je hebt maximaal ${minutes} minuten; druk op „Ik ben klaar” als je klaar bent.`,
      siteTask: 'Je opdracht',
      startSite: 'Open de winkel',
      siteLabel: 'De winkel',
      siteDone: 'Ik ben klaar',
      siteWindowSmall: (minimum) =>
        `De winkel wordt getoond zoals op een computer en heeft een venster van minstens ${minimum} pixels nodig. Maak het venster groter, draai je apparaat of gebruik een groter scherm; je tijd begint zodra het past. Lukt dat niet, druk dan op „Ik ben klaar”.`,
      startPages: "Pagina's tonen",
      startVideo: 'Video afspelen',
      pageLabel: (page, pages) => `Pagina ${page} van ${pages}`,
      videoLabel: 'De video',
      checkpoint: 'Een korte controle: kijk naar de stip',
      driftHeading: 'Een korte herkalibratie',
      driftIntro:
        'Waar je kijkt is verschoven. Druk opnieuw op de negen stippen terwijl je ernaar kijkt; daarna gaat de video verder waar hij stopte.',
      nothingToShow: 'Er is in dit onderzoek nog niets te tonen. Ga verder naar de vragen.',
      continue: 'Verder',
    },
    questions: {
      heading: 'Een paar vragen',
      intro: 'Er zijn geen goede of foute antwoorden: zeg wat je denkt.',
      associations: 'Welke van deze woorden passen bij wat je zag?',
      associationsHint: 'Kies er zoveel als je wilt, of geen.',
      scaleOf: (low, high) => `1 is ${low}, 5 is ${high}`,
      openHint: 'Een paar woorden of zinnen.',
      send: 'Mijn antwoorden versturen',
      sending: 'Je antwoorden worden verstuurd',
      failed: 'Je antwoorden konden niet worden verstuurd. Controleer je verbinding en probeer het opnieuw.',
      refusal: dutchRefusal,
    },
    finish: {
      heading: 'Bedankt',
      saving: 'Het laatste van je gegevens wordt verstuurd',
      done: 'Jouw deel van het onderzoek is klaar. Je kunt deze pagina sluiten.',
      stopped: 'Je sessie is beëindigd. Je kunt deze pagina sluiten.',
      redirecting: 'Je gaat terug naar waar je vandaan kwam…',
      back: 'Nu teruggaan',
      failed:
        'Het laatste van je gegevens kon niet worden verstuurd. Controleer je verbinding en probeer het opnieuw.',
      retry: 'Opnieuw proberen',
    },
    resumed: 'Welkom terug: je gaat verder waar je was gebleven.',
    stepOf: (step, steps) => `Stap ${step} van ${steps}`,
    unavailable: {
      heading: 'Onderzoek niet beschikbaar',
      fault: 'Het onderzoek kon niet worden geopend. Probeer het zo nog eens.',
      tryAgain: 'Opnieuw proberen',
      refusal: dutchRefusal,
    },
    ended: {
      heading: 'Je sessie is afgelopen',
      kept: 'Wat je hebt gestuurd voordat de sessie afliep, blijft bewaard. Bedankt voor je deelname.',
      refusal: dutchRefusal,
    },
  },
};
