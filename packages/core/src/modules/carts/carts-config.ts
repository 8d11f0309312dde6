/** Carts, configured in `commerce.config.ts` under `carts`. */
export interface CartsConfig {
  /**
   * How long a cart lives after its last change, in seconds; past it the cart answers 404 and the
   * `carts/prune` task deletes it.
   * @default 604800 (7 days)
   */
  ttlSeconds?: number;
}

/** Lifetime of a cart unless `carts.ttlSeconds` says otherwise: 7 days. */
export const DEFAULT_CART_TTL_SECONDS = 7 * 24 * 60 * 60;

declare module "../../kernel/config.js" {
  interface CommerceConfig {
    /** Cart lifetime (`ttlSeconds`). @default { ttlSeconds: 604800 } */
    carts?: CartsConfig;
  }
}

/** The cart lifetime in seconds; fails boot on a value that is not a positive integer. */
export function cartTtlSeconds(config: CartsConfig | undefined): number {
  const ttl = config?.ttlSeconds ?? DEFAULT_CART_TTL_SECONDS;
  if (!Number.isSafeInteger(ttl) || ttl < 1)
    throw new Error(`carts.ttlSeconds must be a positive integer of seconds (got ${String(ttl)})`);
  return ttl;
}
