import { describe, expect, it } from 'vitest';
import { hashOpaqueToken, newOpaqueToken } from './opaque-tokens';

describe('newOpaqueToken', () => {
  it('never starts with a dash, which a command line reads as an option (setup keys are passed as --key)', () => {
    // One base64url token in 64 started with '-'; 2,000 tries see one with near certainty.
    for (let i = 0; i < 2000; i++) expect(newOpaqueToken().token).not.toMatch(/^-/);
  });

  it('keeps 256 bits of randomness and stores only the hash', () => {
    const { token, hash } = newOpaqueToken();
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(hashOpaqueToken(token));
    expect(hash).not.toContain(token);
  });
});
