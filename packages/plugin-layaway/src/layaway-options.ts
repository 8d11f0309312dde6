import type { Mailer } from "@unified-commerce/plugin-sdk";

/** How the plugin is configured: `layaway({ ... })`. Every field has a documented default. */
export interface LayawayOptions {
  /** The smallest deposit, as a percent of the plan's total (rounded up to a minor unit). @default 20 */
  minDepositPercent?: number;
  /** The smallest deposit in minor units, whatever the total. @default 0 */
  minDepositAmount?: number;
  /**
   * The fee a forfeit keeps, as a percent of the plan's total (rounded up), never more than was paid;
   * the rest of the paid amount is refunded through the manual adapter. @default 10
   */
  forfeitFeePercent?: number;
  /** The latest a deadline may be, in days from the plan's creation. @default 365 */
  maxTermDays?: number;
  /** A plan without an explicit deadline ends this many days after its last due date. @default 7 */
  graceDays?: number;
  /** How early before a due date its reminder is sent, in days. @default 3 */
  reminderLeadDays?: number;
  /** How often the deadline and reminder job runs, in milliseconds. @default 3_600_000 (an hour) */
  sweepIntervalMs?: number;
  /** Sends the reminders. @default the configuration's `mail.mailer`, else a mailer that logs */
  mailer?: Mailer;
}

/** The options with their defaults applied, checked once at boot. */
export type LayawaySettings = Required<Omit<LayawayOptions, "mailer">> & { mailer: Mailer | undefined };

export function layawaySettings(options: LayawayOptions): LayawaySettings {
  const settings: LayawaySettings = {
    minDepositPercent: options.minDepositPercent ?? 20,
    minDepositAmount: options.minDepositAmount ?? 0,
    forfeitFeePercent: options.forfeitFeePercent ?? 10,
    maxTermDays: options.maxTermDays ?? 365,
    graceDays: options.graceDays ?? 7,
    reminderLeadDays: options.reminderLeadDays ?? 3,
    sweepIntervalMs: options.sweepIntervalMs ?? 3_600_000,
    mailer: options.mailer,
  };
  const percent = (name: keyof LayawaySettings, value: number) => {
    if (!Number.isFinite(value) || value < 0 || value > 100)
      throw new Error(`layaway: ${name} must be a percent from 0 to 100 (got ${value})`);
  };
  const whole = (name: keyof LayawaySettings, value: number, min: number) => {
    if (!Number.isSafeInteger(value) || value < min)
      throw new Error(`layaway: ${name} must be an integer of at least ${min} (got ${value})`);
  };
  percent("minDepositPercent", settings.minDepositPercent);
  percent("forfeitFeePercent", settings.forfeitFeePercent);
  whole("minDepositAmount", settings.minDepositAmount, 0);
  // The inventory holds a reservation at most 366 days (MAX_RESERVATION_HOLD_DAYS).
  if (settings.maxTermDays > 366)
    throw new Error(`layaway: maxTermDays is at most 366, the longest stock hold (got ${settings.maxTermDays})`);
  whole("maxTermDays", settings.maxTermDays, 1);
  whole("graceDays", settings.graceDays, 0);
  whole("reminderLeadDays", settings.reminderLeadDays, 0);
  whole("sweepIntervalMs", settings.sweepIntervalMs, 1000);
  return settings;
}
