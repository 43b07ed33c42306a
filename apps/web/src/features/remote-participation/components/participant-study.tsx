import type { ConsentStream, RemoteStudy } from '@limbus/contract';
import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { isApiError } from '../../../api';
import { BrandMark, PageLoader } from '../../../ui';
import { type RemoteSession, useRemoteStudy, useSessionProgress } from '../api';
import { resumePlanOf } from '../resume';
import { forgetSession, type StoredSession, storedSessionOf, storeSession } from '../session-store';
import { ConsentStep } from './consent-step';
import { browserLanguage, PARTICIPANT_TEXTS, participantLanguage } from './participant-texts';
import { type Resume, ScrollToTop, SessionFlow } from './session-flow';
import { StepHeading } from './step-heading';
import { WelcomeStep } from './welcome-step';

/**
 * /p/{token}: a remote cohort's participant, in a light shell (no app navigation, no account menu),
 * in the test's language, one step at a time. The link's token lives in memory (and the address);
 * the session's also in the tab's sessionStorage, so that a reload asks the server where the
 * session stands and goes on from there. The camera's tracker runs from the technical check to
 * the end and is stopped on leaving.
 */
export function ParticipantStudy({ token }: { token: string }) {
  // read once: the session this tab joined by this link before a reload, if any
  const [stored] = useState(() => storedSessionOf(token));
  return (
    <Box maw={720} mx="auto" px="md" py="lg">
      <Group component="header" mb="lg">
        <BrandMark />
      </Group>
      {stored ? <ResumedStudy link={token} stored={stored} /> : <LinkStudy token={token} />}
    </Box>
  );
}

function Opening() {
  return (
    <Box component="main" lang="en">
      <PageLoader label="Opening the study" />
    </Box>
  );
}

function LinkStudy({ token }: { token: string }) {
  const study = useRemoteStudy(token);
  if (study.isLoading) return <Opening />;
  return study.data ? <StudyFlow token={token} study={study.data} /> : <Refusal error={study.error} />;
}

function StudyFlow({ token, study }: { token: string; study: RemoteStudy }) {
  const language = participantLanguage(study.test.language);
  const texts = PARTICIPANT_TEXTS[language];
  const [joined, setJoined] = useState<{ session: RemoteSession; streams: ConsentStream[] } | null>(null);
  const [started, setStarted] = useState(false);
  return (
    <Stack component="main" lang={language} gap="md">
      <ScrollToTop key={joined ? 'session' : started ? 'consent' : 'welcome'} />
      {joined ? (
        <SessionFlow
          link={token}
          study={study}
          texts={texts}
          session={joined.session}
          streams={joined.streams}
        />
      ) : started ? (
        <ConsentStep
          token={token}
          study={study}
          texts={texts.consent}
          onJoined={(session, streams) => {
            storeSession(token, session);
            setJoined({ session, streams });
          }}
        />
      ) : (
        <WelcomeStep study={study} texts={texts.welcome} onStart={() => setStarted(true)} />
      )}
    </Stack>
  );
}

/**
 * A session this tab joined before a reload: the server says where it stands (the link's own
 * study read is not needed, and would refuse once this participant took the last place), and the
 * flow goes on from there. A session the server ended (expired, closed as incomplete, its cohort
 * closed) is forgotten, with a page that says so.
 */
function ResumedStudy({ link, stored }: { link: string; stored: StoredSession }) {
  const progress = useSessionProgress(stored.session);
  const isEnded =
    isApiError(progress.error) && (progress.error.status === 401 || progress.error.status === 403);
  useEffect(() => {
    if (isEnded) forgetSession();
  }, [isEnded]);
  if (progress.isLoading) return <Opening />;
  if (!progress.data)
    return isEnded ? (
      <SessionEnded error={progress.error} />
    ) : (
      <Refusal error={progress.error} onRetry={() => void progress.refetch()} />
    );
  const language = participantLanguage(progress.data.test.language);
  const texts = PARTICIPANT_TEXTS[language];
  const resume: Resume = {
    plan: resumePlanOf(progress.data, stored.model !== null),
    nextSeq: progress.data.next_seq,
    voiceTake: progress.data.next_voice_take,
    attempts: progress.data.validation?.attempt ?? 0,
    model: stored.model,
  };
  return (
    <Stack component="main" lang={language} gap="md">
      <ScrollToTop />
      <Alert color="blue" variant="light" role="status">
        {texts.resumed}
      </Alert>
      <SessionFlow
        link={link}
        study={progress.data}
        texts={texts}
        session={stored.session}
        streams={progress.data.streams}
        resume={resume}
      />
    </Stack>
  );
}

/**
 * Why the link opens no study: the server's own message (unknown link, full, expired, closed,
 * too many tries); a server fault or no connection says to try again (with a button where asking
 * again can help). It comes before the study's language is known: the browser's.
 */
function Refusal({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const language = browserLanguage();
  const texts = PARTICIPANT_TEXTS[language].unavailable;
  const isServerFault = !isApiError(error) || error.status >= 500;
  return (
    <Stack component="main" lang={language} gap="sm">
      <StepHeading title={texts.heading} />
      <Text>{isServerFault ? texts.fault : texts.refusal(error.message)}</Text>
      {isServerFault && onRetry ? (
        <Box>
          <Button onClick={onRetry}>{texts.tryAgain}</Button>
        </Box>
      ) : null}
    </Stack>
  );
}

/**
 * A reloaded session the server ended: past its 3 hours (and closed as incomplete with what was
 * sent), or its cohort closed. What was sent is kept; the server's message says what is left to do.
 */
function SessionEnded({ error }: { error: unknown }) {
  const language = browserLanguage();
  const texts = PARTICIPANT_TEXTS[language].ended;
  return (
    <Stack component="main" lang={language} gap="sm">
      <StepHeading title={texts.heading} />
      <Text>{isApiError(error) ? texts.refusal(error.message) : null}</Text>
      <Text>{texts.kept}</Text>
    </Stack>
  );
}
