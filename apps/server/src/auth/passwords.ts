import { hash, verify } from '@node-rs/argon2';

// argon2id with the OWASP baseline (19 MiB, 2 passes).
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, options);

// Compared when no user matches, so that a missing address takes as long as a wrong password.
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$TRAAGaeQBP+BgQtxFWV55Q$DFBhqS/oTRWipYHDwv+WTpAJ7MjBtboTU8NoCZyVkqA';

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash ?? DUMMY_HASH, password);
  } catch {
    return false;
  }
}
