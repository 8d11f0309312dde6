import { z } from "zod";
import { MAX_MINOR_UNITS } from "./money-rounding.js";

/** An amount in minor units: a non-negative integer. */
export const amountSchema = z.number().int().min(0).max(MAX_MINOR_UNITS);
