import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase } from "./create-database.js";

// A PostgreSQL restart or failover ends the connections of every process. One checked out by a transaction
// between two of its queries must fail that transaction, not end the process with an unhandled 'error'.
const url = process.env.TEST_DATABASE_URL;
const schema = `lost_${randomBytes(5).toString("hex")}`;

describe.skipIf(!url)("a connection lost inside a transaction (PostgreSQL)", () => {
  afterAll(async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  });

  it("fails the transaction, keeps the process, and the pool serves the next query", async () => {
    const database = await createDatabase({ url: url as string, schema });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const outcome = await database.db
        .transaction()
        .execute(async (trx) => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
          // What a restart does to this connection, while the transaction holds it between queries.
          await admin.query("select pg_terminate_backend($1)", [rows[0]?.pid]);
          await new Promise((resolve) => setTimeout(resolve, 300));
          await sql`select 1`.execute(trx);
          return "committed";
        })
        .catch(() => "failed");
      expect(outcome).toBe("failed");
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await admin.end();
      await database.close();
    }
  });
});
