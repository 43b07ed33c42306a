import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder of the demo shop's pages (`site/`): `index.html` per page folder, and `styles.css`. */
const SITE_DIR = fileURLToPath(new URL('../site/', import.meta.url));

/** A path of the shop as it links its pages: `/`, `/shoes/runner-2`, `/styles.css`. */
const SAFE_PATH = /^\/(?:[a-z0-9-]+\/)*(?:[a-z0-9-]+(?:\.css)?)?$/;

/**
 * The file of a shop path (`/shoes` → `site/shoes/index.html`), or null when the shop has no such
 * page (the shop links to pages it does not have: clothing, watches, an account).
 */
export function demoShopFile(shopPath: string): { file: string; type: 'html' | 'css' } | null {
  if (!SAFE_PATH.test(shopPath)) return null;
  const type = shopPath.endsWith('.css') ? 'css' : 'html';
  const file = path.join(SITE_DIR, type === 'css' ? shopPath : path.join(shopPath, 'index.html'));
  return file.startsWith(SITE_DIR) && fs.existsSync(file) ? { file, type } : null;
}
