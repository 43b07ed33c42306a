import { createHash, randomBytes } from 'node:crypto';

/**
 * A random token for a link, cookie or command line (setup keys go in `--key`); only its hash is
 * stored. Hex, because base64url starts with '-' one time in 64, which a command line reads as an option.
 */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('hex');
  return { token, hash: hashOpaqueToken(token) };
}

export const hashOpaqueToken = (token: string) => createHash('sha256').update(token).digest('hex');
