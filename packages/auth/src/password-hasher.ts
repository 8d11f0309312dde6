import { hash, parseOptions, verify } from "@node-rs/argon2";

/** Argon2id cost parameters. */
export interface PasswordHashingOptions {
  /** Memory in KiB. @default 19456 (19 MiB, OWASP) */
  memoryCost: number;
  /** Passes. @default 2 (OWASP) */
  timeCost: number;
  /** Lanes. @default 1 (OWASP) */
  parallelism: number;
}

/** The OWASP Password Storage Cheat Sheet's first argon2id configuration. */
export const OWASP_ARGON2ID: PasswordHashingOptions = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** `Algorithm.Argon2id` of @node-rs/argon2 (an ambient const enum, unusable under isolatedModules). */
const ARGON2ID = 2;

export interface PasswordCheck {
  isValid: boolean;
  /** The stored hash was made with other parameters: store a fresh one now that the password is known. */
  needsRehash: boolean;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /**
   * Verifies `password` against `storedHash`. With no stored hash (unknown user, OAuth-only account) it
   * still verifies against a dummy hash, so the answer takes as long as for a wrong password.
   */
  verify(storedHash: string | null, password: string): Promise<PasswordCheck>;
}

export function createPasswordHasher(parameters: PasswordHashingOptions = OWASP_ARGON2ID): PasswordHasher {
  const options = { ...parameters, algorithm: ARGON2ID as never };
  // Made at once (off the main thread), so even the first unknown e-mail costs what a known one does.
  const dummy = hash(crypto.randomUUID(), options);
  dummy.catch(() => {});
  const dummyHash = () => dummy;

  return {
    hash: (password) => hash(password, options),
    async verify(storedHash, password) {
      if (!storedHash) {
        await verify(await dummyHash(), password);
        return { isValid: false, needsRehash: false };
      }
      let isValid: boolean;
      try {
        isValid = await verify(storedHash, password);
      } catch {
        // An unreadable stored hash is treated like a wrong password, after the same amount of work.
        await verify(await dummyHash(), password);
        return { isValid: false, needsRehash: false };
      }
      return { isValid, needsRehash: isValid && !hasParameters(storedHash, parameters) };
    },
  };
}

function hasParameters(storedHash: string, wanted: PasswordHashingOptions): boolean {
  try {
    const used = parseOptions(storedHash);
    return (
      (used.algorithm as number) === ARGON2ID &&
      used.memoryCost === wanted.memoryCost &&
      used.timeCost === wanted.timeCost &&
      used.parallelism === wanted.parallelism
    );
  } catch {
    return false;
  }
}
