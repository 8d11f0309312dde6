import { z } from "zod";
import { defineSettingsGroups, type SettingsGroupsOf } from "../../kernel/settings-groups.js";
import { MAX_MINOR_UNITS } from "../../money/money-rounding.js";
import { currencySchema } from "../../money/currency-schema.js";

const isTimeZone = (value: string): boolean => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

const isLocale = (value: string): boolean => {
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
};

const httpUrl = z.url({ protocol: /^https?$/ }).max(2000);

/**
 * The settings module's own groups, validated strictly (an unknown key is a 422 too, so a typo never
 * lands silently). Other modules and plugins declare theirs in their manifests; a group nobody declared
 * accepts any JSON object.
 */
export const builtInSettingsGroups = defineSettingsGroups({
  /** Store-wide defaults. */
  general: z.strictObject({
    currency: currencySchema,
    /** IANA time zone; calendar reports use it. */
    timezone: z.string().max(100).refine(isTimeZone, "an IANA time zone such as Europe/Berlin"),
    /** BCP 47 language tag. */
    locale: z.string().max(35).refine(isLocale, "a BCP 47 language tag such as en-US"),
  }),
  /** Store identity printed on receipts and invoices. */
  branding: z.strictObject({
    storeName: z.string().min(1).max(200),
    legalName: z.string().min(1).max(200),
    logoUrl: httpUrl,
    website: httpUrl,
    primaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, "a #rrggbb color"),
    email: z.email(),
    phone: z.string().min(3).max(50),
    taxId: z.string().min(1).max(100),
    address: z.strictObject({
      line1: z.string().min(1).max(200),
      line2: z.string().max(200).optional(),
      city: z.string().min(1).max(100),
      state: z.string().max(100).optional(),
      postalCode: z.string().min(1).max(20),
      country: z.string().regex(/^[A-Z]{2}$/, "an ISO 3166-1 alpha-2 code"),
    }),
    receiptFooter: z.string().max(1000),
  }),
  /** Operating rules the orders module enforces. */
  policies: z.strictObject({
    /** Most an operator may refund per day, minor units. Unset: no cap. */
    refundDailyCap: z.number().int().min(0).max(MAX_MINOR_UNITS),
    /** Minutes a refund can be undone. @default 15 */
    refundUndoWindowMinutes: z.number().int().min(0).max(10_080),
  }),
});

declare module "../../kernel/settings-groups.js" {
  interface SettingsGroups extends SettingsGroupsOf<typeof builtInSettingsGroups> {}
}

/** `policies` with its defaults filled in, as the orders module reads it. */
export interface Policies {
  refundDailyCap: number | null;
  refundUndoWindowMinutes: number;
}

/** @default 15 */
export const DEFAULT_REFUND_UNDO_WINDOW_MINUTES = 15;
