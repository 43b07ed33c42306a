import { MOBILE_SCREEN_WIDTH, REFERENCE_HEIGHT, REFERENCE_WIDTH } from '@limbus/analytics';

/** The demo shop's phone viewport is 390×844 px; a phone recording is about as tall. */
const MOBILE_SCREEN_HEIGHT = 844;

/** The platform's screen as width ÷ height: what a recording of it measures until its own is known. */
export const videoRatio = (platform: string) =>
  platform === 'mobile' ? MOBILE_SCREEN_WIDTH / MOBILE_SCREEN_HEIGHT : REFERENCE_WIDTH / REFERENCE_HEIGHT;

/**
 * The CSS aspect ratio of a recording's video box: the video's own once its first frame has
 * loaded, the platform's screen until then. Without it the box grew from 150 px to the video's
 * height as it loaded, and moved everything under it (Lighthouse's layout shift 0.19 on the
 * recording screen).
 */
export const videoAspectRatio = (platform: string) =>
  platform === 'mobile'
    ? `auto ${MOBILE_SCREEN_WIDTH} / ${MOBILE_SCREEN_HEIGHT}`
    : `auto ${REFERENCE_WIDTH} / ${REFERENCE_HEIGHT}`;
