import { afterEach, describe, expect, it } from 'vitest';
import { forgetSession, storedSessionOf, storeGazeModel, storeSession } from './session-store';

const SESSION = { participantId: 9, token: 'session-1', expiresAt: 1_800_000_000 };
const MODEL = {
  means: [0.1, 0.2],
  scales: [1, 2],
  weightsX: [3, 4],
  weightsY: [5, 6],
  interceptX: 700,
  interceptY: 400,
  ridge: 1,
};

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('the stored session', () => {
  it('is kept in this tab’s sessionStorage for its link, and nothing in localStorage', () => {
    expect(storedSessionOf('link-a')).toBeNull();
    storeSession('link-a', SESSION);
    expect(storedSessionOf('link-a')).toEqual({ link: 'link-a', session: SESSION, model: null });
    expect(localStorage.length).toBe(0);
    // another link's page does not take it
    expect(storedSessionOf('link-b')).toBeNull();
  });

  it('keeps the calibration’s gaze model beside the session, for its own link only', () => {
    storeGazeModel('link-a', MODEL); // no session yet: nothing to keep it with
    expect(storedSessionOf('link-a')).toBeNull();
    storeSession('link-a', SESSION);
    storeGazeModel('link-b', MODEL);
    expect(storedSessionOf('link-a')?.model).toBeNull();
    storeGazeModel('link-a', MODEL);
    expect(storedSessionOf('link-a')?.model).toEqual(MODEL);
    // joining again (another link) replaces it, model and all
    storeSession('link-b', { ...SESSION, token: 'session-2' });
    expect(storedSessionOf('link-a')).toBeNull();
    expect(storedSessionOf('link-b')).toMatchObject({ session: { token: 'session-2' }, model: null });
  });

  it('reads nothing from an entry that is not JSON or not a session, and forgets on request', () => {
    sessionStorage.setItem('limbus.remote-session', '{not json');
    expect(storedSessionOf('link-a')).toBeNull();
    sessionStorage.setItem(
      'limbus.remote-session',
      JSON.stringify({ link: 'link-a', session: { token: 5 } }),
    );
    expect(storedSessionOf('link-a')).toBeNull();
    storeSession('link-a', SESSION);
    forgetSession();
    expect(storedSessionOf('link-a')).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });
});
