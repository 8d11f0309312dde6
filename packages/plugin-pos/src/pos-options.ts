/** Argon2id cost parameters for PIN hashes. */
export interface PinHashingOptions {
  /** Memory in KiB. @default 19456 (OWASP) */
  memoryCost: number;
  /** Passes. @default 2 (OWASP) */
  timeCost: number;
  /** Lanes. @default 1 */
  parallelism: number;
}

export interface PosOptions {
  /** Wrong PINs in a row that lock an operator. @default 5 */
  maxPinAttempts?: number;
  /** How long a locked operator stays locked, in minutes. @default 15 */
  lockoutMinutes?: number;
  /** Lifetime of a shift's API key, in seconds; at most the `pos-shift` scope's 0.5 day. @default 28800 (8 hours) */
  shiftSeconds?: number;
  /** Lifetime of a manager's override token, in seconds. @default 300 */
  overrideSeconds?: number;
  /** Argon2id parameters of PIN hashes. @default OWASP (19 MiB, 2 passes) */
  pinHashing?: PinHashingOptions;
}

/** The options with their defaults, resolved once in the factory. */
export type ResolvedPosOptions = Required<PosOptions>;

export function resolvePosOptions(options: PosOptions): ResolvedPosOptions {
  const resolved = {
    maxPinAttempts: options.maxPinAttempts ?? 5,
    lockoutMinutes: options.lockoutMinutes ?? 15,
    shiftSeconds: options.shiftSeconds ?? 8 * 3600,
    overrideSeconds: options.overrideSeconds ?? 300,
    pinHashing: options.pinHashing ?? { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  };
  for (const [name, value] of Object.entries(resolved)) {
    if (typeof value === "number" && (!Number.isFinite(value) || value <= 0))
      throw new Error(`pos(): ${name} must be a positive number`);
  }
  if (resolved.shiftSeconds > SHIFT_MAX_DAYS * 86_400)
    throw new Error(`pos(): shiftSeconds must be at most ${SHIFT_MAX_DAYS * 86_400} (the pos-shift scope's bound)`);
  return resolved;
}

/** The `pos-shift` scope's `keyExpiration.maxExpiresIn`: half a day. */
export const SHIFT_MAX_DAYS = 0.5;
