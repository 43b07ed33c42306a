import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeMicrophone, fakeStream } from '../../../test/fake-media';
import { renderWithProviders } from '../../../test/render';
import { useMicrophone } from './microphone-check';
import { PARTICIPANT_TEXTS, type ParticipantLanguage } from './participant-texts';
import { TechnicalCheckStep } from './technical-check-step';

// the camera's side is not this test's: it stays at 'checking'
vi.mock('../tracking/face-tracker', async (original) => ({
  ...(await original<typeof import('../tracking/face-tracker')>()),
  startFaceTracker: () => new Promise(() => undefined),
}));

function Check({ voice = true, language = 'en' }: { voice?: boolean; language?: ParticipantLanguage }) {
  const microphone = useMicrophone(voice);
  const texts = PARTICIPANT_TEXTS[language];
  return (
    <TechnicalCheckStep
      kind="desktop"
      texts={texts.check}
      microphone={microphone}
      microphoneTexts={texts.microphone}
      allowWithoutGaze
      onReady={() => undefined}
      onWithoutGaze={() => undefined}
    />
  );
}

const microphoneItem = (name: string) =>
  screen.getAllByRole('listitem').find((item) => item.textContent?.includes(name));

let restore = () => undefined as unknown;
afterEach(() => {
  restore();
  vi.unstubAllGlobals();
});

describe('TechnicalCheckStep: the microphone', () => {
  it('asks for the microphone alone and ticks it when allowed, saying nothing more', async () => {
    const microphone = fakeMicrophone();
    restore = microphone.restore;
    renderWithProviders(<Check />);

    const item = microphoneItem('The microphone may be used');
    expect(item).toBeTruthy();
    expect(await within(item as HTMLElement).findByRole('img', { name: '✓' })).toBeTruthy();
    expect(microphone.getUserMedia).toHaveBeenCalledExactlyOnceWith({ audio: true });
    expect(screen.queryByText(/your voice will not be recorded/)).toBeNull();
  });

  it('says plainly when it was refused: no voice, how to allow it, and asks again on request', async () => {
    let allowed = false;
    const microphone = fakeMicrophone(() =>
      allowed ? fakeStream().stream : new DOMException('Permission denied', 'NotAllowedError'),
    );
    restore = microphone.restore;
    const user = userEvent.setup();
    renderWithProviders(<Check />);

    expect(
      await screen.findByText(
        "The microphone was not allowed, so your voice will not be recorded. To allow it, click the microphone or lock icon in your browser's address bar, then try again. You can also go on without it.",
      ),
    ).toBeTruthy();
    const item = microphoneItem('The microphone may be used') as HTMLElement;
    expect(within(item).getByRole('img', { name: '✗' })).toBeTruthy();

    allowed = true;
    await user.click(screen.getByRole('button', { name: 'Try the microphone again' }));
    expect(await within(item).findByRole('img', { name: '✓' })).toBeTruthy();
    expect(microphone.getUserMedia).toHaveBeenCalledTimes(2);
    expect(screen.queryByText(/your voice will not be recorded/)).toBeNull();
  });

  it('says in Dutch when no microphone was found', async () => {
    restore = fakeMicrophone(() => new DOMException('none', 'NotFoundError')).restore;
    renderWithProviders(<Check language="nl" />);
    expect(
      await screen.findByText(/Er is geen microfoon gevonden, dus je stem wordt niet opgenomen/),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Microfoon opnieuw proberen' })).toBeTruthy();
  });

  it('offers no retry where the browser cannot record sound', async () => {
    restore = fakeMicrophone().restore;
    vi.stubGlobal('MediaRecorder', undefined);
    renderWithProviders(<Check />);
    expect(await screen.findByText(/This browser cannot record sound/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try the microphone again' })).toBeNull();
  });

  it('asks nothing of the microphone when the voice is not recorded', () => {
    const microphone = fakeMicrophone();
    restore = microphone.restore;
    renderWithProviders(<Check voice={false} />);
    expect(microphoneItem('The microphone may be used')).toBeUndefined();
    expect(microphone.getUserMedia).not.toHaveBeenCalled();
  });
});
