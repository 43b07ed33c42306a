import { fileURLToPath } from 'node:url';

/** The file path of a capture of the demo site (`site-capture/<platform>/<file>`), e.g. its screenshots. */
export const siteCapturePath = (platform: 'desktop' | 'mobile', file: string) =>
  fileURLToPath(new URL(`../site-capture/${platform}/${file}`, import.meta.url));
