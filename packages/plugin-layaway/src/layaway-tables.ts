import type { ColumnType } from "kysely";
import type { z } from "zod";
import type { TableOf, Timestamp } from "@unified-commerce/plugin-sdk";
import type { installmentSchema, layawayLineSchema, ledgerEntrySchema, planSummarySchema } from "./layaway-schemas.js";

/** A timestamp column that may be null: read as a Date or null. */
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/**
 * The plugin's tables, as `trx.withTables<LayawayTables>()` sees them (camelCase over snake_case
 * columns). Derived fields of the answers (`balance`, `isCovered`) are never stored.
 */
export type LayawayTables = {
  layawayPlans: TableOf<
    Omit<z.output<typeof planSummarySchema>, "balance">,
    {
      organizationId: string;
      deadline: Timestamp;
      completedAt: NullableTimestamp;
      forfeitedAt: NullableTimestamp;
      /** Staff's note on a forfeit; kept, not answered. */
      forfeitNote: string | null;
      createdAt: Timestamp;
      updatedAt: Timestamp;
    }
  >;
  layawayLines: TableOf<
    z.output<typeof layawayLineSchema>,
    { organizationId: string; planId: string; position: number }
  >;
  layawayInstallments: TableOf<
    Omit<z.output<typeof installmentSchema>, "isCovered">,
    { organizationId: string; id: string; planId: string; dueAt: Timestamp; remindedAt: NullableTimestamp }
  >;
  layawayLedger: TableOf<
    z.output<typeof ledgerEntrySchema>,
    { organizationId: string; planId: string; createdAt: Timestamp }
  >;
};
