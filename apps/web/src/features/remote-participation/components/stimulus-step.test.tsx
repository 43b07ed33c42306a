import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import type { SessionRecording, StimulusFrame } from '../tracking/session-recording';
import { PARTICIPANT_TEXTS, type ParticipantTexts } from './participant-texts';
import { StimulusStep, siteAddress } from './stimulus-step';

const SHOP = {
  kind: 'site' as const,
  start_url: '/demo-shop/',
  origin: 'https://shop.acme.test',
  width: 1920,
  seconds: 180,
  task: 'Find a running shoe in size 43.',
};

function fakeRecording() {
  const shown: (StimulusFrame | null)[] = [];
  const recording = {
    voice: null,
    show: (frame: StimulusFrame | null) => shown.push(frame),
    pointerAt: vi.fn(),
    switchModel: () => undefined,
    finish: async () => undefined,
  } as unknown as SessionRecording;
  return { recording, shown };
}

/** The demo shop's run on a desktop test, before the participant opens it. */
function renderShop(recording: SessionRecording, texts: ParticipantTexts['stimulus'], onDone: () => void) {
  renderWithProviders(
    <StimulusStep
      stimulus={SHOP}
      platform="desktop"
      recording={recording}
      checks={null}
      texts={texts}
      voiceLabel="Recording your voice"
      onDone={onDone}
    />,
  );
}

describe('the study on a live site (the demo shop on this origin)', () => {
  it('records the frame’s pages under the shop’s own address', () => {
    expect(siteAddress(SHOP, '/demo-shop/')).toBe('https://shop.acme.test/');
    expect(siteAddress(SHOP, '/demo-shop/shoes/runner-2')).toBe('https://shop.acme.test/shoes/runner-2');
    expect(siteAddress({ ...SHOP, start_url: '/demo-shop/basket' }, '/demo-shop/checkout')).toBe(
      'https://shop.acme.test/checkout',
    );
  });

  it('gives the task, opens the shop in a frame across the window, and ends when the participant is done', async () => {
    const user = userEvent.setup();
    const { recording, shown } = fakeRecording();
    const onDone = vi.fn();
    const texts = PARTICIPANT_TEXTS.en.stimulus;
    renderShop(recording, texts, onDone);
    expect(screen.getByText(texts.siteIntro(3))).toBeTruthy();
    expect(screen.getByText('Find a running shoe in size 43.')).toBeTruthy();
    // no calibration came before: nothing to keep sitting for
    expect(screen.queryByText(texts.sitStill)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open the shop' }));

    const frame = screen.getByTitle('The shop');
    expect(frame.getAttribute('src')).toBe('/demo-shop/');
    expect(screen.getByRole('region', { name: 'The shop' })).toBeTruthy();
    const current = shown.at(-1);
    expect(current).not.toBeNull();
    // a window point in the page's own pixels (no layout here: the frame at the window's corner, unscaled)
    expect(current?.place({ x: 100, y: 50 })).toEqual({ x: 100, y: 50 });

    await user.click(screen.getByRole('button', { name: 'I’m done' }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('on a window too small for a desktop site (a phone), says so and shows the shop once the window fits', async () => {
    const user = userEvent.setup();
    const { recording, shown } = fakeRecording();
    const texts = PARTICIPANT_TEXTS.nl.stimulus;
    const resize = (width: number, height: number) => {
      Object.assign(window, { innerWidth: width, innerHeight: height });
      window.dispatchEvent(new Event('resize'));
    };
    resize(390, 844);
    try {
      renderShop(recording, texts, () => undefined);
      await user.click(screen.getByRole('button', { name: 'Open de winkel' }));
      expect(screen.getByText(texts.siteWindowSmall('1024 × 600'))).toBeTruthy();
      expect(screen.queryByTitle('De winkel')).toBeNull();
      expect(shown.filter(Boolean)).toHaveLength(0);

      await act(async () => resize(1280, 800));
      expect(screen.getByTitle('De winkel').getAttribute('src')).toBe('/demo-shop/');
      expect(screen.queryByText(texts.siteWindowSmall('1024 × 600'))).toBeNull();
      expect(shown.at(-1)).not.toBeNull();
    } finally {
      resize(1024, 768);
    }
  });

  it('says why another website is shown as pictures of its pages', () => {
    const { recording } = fakeRecording();
    const texts = PARTICIPANT_TEXTS.nl.stimulus;
    renderWithProviders(
      <StimulusStep
        stimulus={{ kind: 'pages', seconds_each: 8, pages: [] }}
        platform="desktop"
        recording={recording}
        checks={null}
        texts={texts}
        voiceLabel="Je stem wordt opgenomen"
        onDone={() => undefined}
      />,
    );
    expect(screen.getByText(texts.pagesNotLive)).toBeTruthy();
  });
});
