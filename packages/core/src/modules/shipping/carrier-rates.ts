import type { ShippingConfig } from "./shipping-config.js";
import type {
  ShippingCallContext,
  ShippingRate,
  ShippingRateProvider,
  ShippingRateRequest,
} from "./shipping-rate-provider.js";

/** A carrier's answer as the quote uses it: a price, a refusal to serve the parcel, or no answer in time. */
export type CarrierAnswer = ShippingRate | "declined" | "unavailable";

/** Asks carriers for prices, within the configured timeout, reusing recent answers. */
export interface CarrierRates {
  isRegistered(providerId: string): boolean;
  price(providerId: string, request: Omit<ShippingRateRequest, "signal">): Promise<CarrierAnswer>;
}

const DEFAULT_TIMEOUT_MS = 2000;
const DEFAULT_CACHE_SECONDS = 600;
/** Entries kept at most; past it the oldest go first (a Map iterates in insertion order). */
const CACHE_LIMIT = 10_000;

/**
 * The carriers of `shipping.rateProviders`. An answer (a price, or null: not served) is cached for
 * `rateCacheSeconds` by provider, option, currency, address and lines, in this process: the options a
 * buyer lists and the checkout that follows ask the carrier once, and a checkout's transaction does not
 * wait on the network when the buyer just saw the price. A throw or a timeout is never cached.
 */
export function createCarrierRates(
  config: ShippingConfig | undefined,
  callContext: () => ShippingCallContext,
): CarrierRates {
  const providers = new Map<string, ShippingRateProvider>(
    (config?.rateProviders ?? []).map((provider) => [provider.id, provider]),
  );
  const timeoutMs = config?.rateTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const cacheMs = (config?.rateCacheSeconds ?? DEFAULT_CACHE_SECONDS) * 1000;
  const cache = new Map<string, { expiresAt: number; answer: ShippingRate | null }>();

  const ask = async (provider: ShippingRateProvider, request: Omit<ShippingRateRequest, "signal">) => {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new Error(`carrier ${provider.id} answered no quote within ${timeoutMs} ms`));
      }, timeoutMs);
    });
    try {
      return await Promise.race([provider.quote({ ...request, signal: controller.signal }, callContext()), timedOut]);
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    isRegistered: (providerId) => providers.has(providerId),
    async price(providerId, request) {
      const provider = providers.get(providerId);
      if (!provider) return "unavailable";
      const key = JSON.stringify([providerId, request]);
      const cached = cache.get(key);
      if (cached && cached.expiresAt > Date.now()) return cached.answer ?? "declined";
      let answer: ShippingRate | null;
      try {
        answer = await ask(provider, request);
      } catch {
        return "unavailable";
      }
      if (answer !== null && !(Number.isSafeInteger(answer.amount) && answer.amount >= 0)) return "unavailable";
      if (cacheMs > 0) {
        cache.delete(key);
        cache.set(key, { expiresAt: Date.now() + cacheMs, answer });
        if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
      }
      return answer ?? "declined";
    },
  };
}
