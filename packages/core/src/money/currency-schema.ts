import { z } from "zod";

/** ISO 4217 code, upper case (`EUR`, `USD`). */
export const currencySchema = z.string().regex(/^[A-Z]{3}$/, "an ISO 4217 code in upper case, such as EUR");
