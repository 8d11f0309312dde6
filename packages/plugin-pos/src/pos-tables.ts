import type { Timestamp } from "@unified-commerce/plugin-sdk";

/** The plugin's tables, as Kysely sees them (`trx.withTables<PosTables>()`). */
export type PosTables = {
  /** One PIN per operator and store, as an argon2id hash (operators may share a PIN). */
  posOperatorPins: { organizationId: string; userId: string; pinHash: string; updatedAt: Timestamp };
  /** Wrong PINs in a row per operator id (known or not), and the lock they set. */
  posPinAttempts: { organizationId: string; operatorId: string; failures: number; lockedUntil: Timestamp | null };
  /** Shifts: an operator's PIN sign-in at a till and the key it minted. */
  posShifts: {
    id: string;
    organizationId: string;
    userId: string;
    apiKeyId: string;
    tillKeyId: string;
    /** Where the till sells from: pickup at this warehouse for its sales (null: none chosen). */
    warehouseId: string | null;
    startedAt: Timestamp;
    expiresAt: Timestamp | null;
    endedAt: Timestamp | null;
  };
  /** Manager overrides: one action approved once; only the token's SHA-256 is kept. */
  posOverrides: {
    id: string;
    organizationId: string;
    tokenHash: string;
    action: string;
    orderId: string | null;
    amount: number | null;
    operatorId: string;
    managerId: string;
    expiresAt: Timestamp;
    usedAt: Timestamp | null;
    createdAt: Timestamp;
  };
};
