import type { ChannelAdapter } from "./channel-adapter.js";

/** How the plugin is configured: `channelConnector({ ... })`. Every field has a documented default. */
export interface ChannelConnectorOptions {
  /** The adapters connections may use, by their `id`. @default [restStoreAdapter()] */
  adapters?: readonly ChannelAdapter[];
  /** Catalog entities pushed per `channel/backfill-catalog` run (one page per run). @default 50 */
  backfillPageSize?: number;
  /** Orders pulled per `channel/pull-orders` run. @default 50 */
  pullLimit?: number;
  /** Attempts of a channel job (the first included) before it fails. @default 5 */
  attempts?: number;
  /** Wait before the first retry of a channel job, doubled after each failed attempt. @default 30_000 */
  retryDelayMs?: number;
  /** How often each connection's orders are pulled, in milliseconds. @default 60_000 */
  pullIntervalMs?: number;
  /** How often `channel/reconcile-sweep` reconciles every connection, in milliseconds. @default 86_400_000 (a day) */
  reconcileIntervalMs?: number;
  /** How often `channel/reap-exports` runs, in milliseconds. @default 3_600_000 (an hour) */
  reapIntervalMs?: number;
  /** A backfill or reconcile without progress for this long is abandoned (its cursor cleared). @default 604_800_000 (7 days) */
  staleCursorMs?: number;
  /** Exported files older than this are removed by adapters that export files. @default 86_400_000 (a day) */
  exportRetentionMs?: number;
}

export type ChannelSettings = Required<Omit<ChannelConnectorOptions, "adapters">>;

/** The options with their defaults, checked once at boot. */
export function channelSettings(options: ChannelConnectorOptions): ChannelSettings {
  const settings: ChannelSettings = {
    backfillPageSize: options.backfillPageSize ?? 50,
    pullLimit: options.pullLimit ?? 50,
    attempts: options.attempts ?? 5,
    retryDelayMs: options.retryDelayMs ?? 30_000,
    pullIntervalMs: options.pullIntervalMs ?? 60_000,
    reconcileIntervalMs: options.reconcileIntervalMs ?? 86_400_000,
    reapIntervalMs: options.reapIntervalMs ?? 3_600_000,
    staleCursorMs: options.staleCursorMs ?? 604_800_000,
    exportRetentionMs: options.exportRetentionMs ?? 86_400_000,
  };
  const whole = (name: keyof ChannelSettings, min: number, max: number) => {
    const value = settings[name];
    if (!Number.isSafeInteger(value) || value < min || value > max)
      throw new Error(`channel-connector: ${name} must be an integer from ${min} to ${max} (got ${value})`);
  };
  whole("backfillPageSize", 1, 100);
  whole("pullLimit", 1, 100);
  whole("attempts", 1, 100);
  whole("retryDelayMs", 0, 86_400_000);
  whole("pullIntervalMs", 1000, 86_400_000);
  whole("reconcileIntervalMs", 60_000, 31_536_000_000);
  whole("reapIntervalMs", 60_000, 31_536_000_000);
  whole("staleCursorMs", 60_000, 31_536_000_000);
  whole("exportRetentionMs", 0, 31_536_000_000);
  return settings;
}
