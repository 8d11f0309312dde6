/** A scope an API key can be minted against. */
export interface ApiKeyScope {
  /** Visible prefix of every key of this scope, so a leaked key is recognisable (`uc_pos_`). */
  prefix: string;
  description: string;
  /** Module to actions, e.g. `{ catalog: ["read"], orders: ["read", "update"] }`. */
  permissions: Record<string, readonly string[]>;
  /** Bounds on a key's lifetime in days; fractions allowed. */
  keyExpiration?: { minExpiresIn?: number; maxExpiresIn?: number };
}
