import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../testing/index.js";

describe("readiness (GET /api/health/ready)", () => {
  it("fails while a migration is pending, then passes once it is recorded", async () => {
    const t = await createTestApp();
    try {
      const removed = await sql<{ module: string; name: string }>`
        delete from uc_migrations where (module, name) in (select module, name from uc_migrations limit 1) returning module, name`.execute(
        t.db,
      );
      const pending = await t.app.inject({ url: "/api/health/ready" });
      expect(pending.statusCode).toBe(503);
      expect(pending.json()).toEqual({
        status: "not-ready",
        version: t.kernel.version,
        reasons: ["migrations-pending"],
      });

      const row = removed.rows[0];
      if (!row) throw new Error("no migration recorded");
      await sql`insert into uc_migrations (module, name) values (${row.module}, ${row.name})`.execute(t.db);
      const ready = await t.app.inject({ url: "/api/health/ready" });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: "ready", version: t.kernel.version, reasons: [] });
    } finally {
      await t.close();
    }
  });

  it("fails while the process drains, while liveness stays 200", async () => {
    const t = await createTestApp();
    try {
      t.kernel.drain();
      const ready = await t.app.inject({ url: "/api/health/ready" });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().reasons).toEqual(["draining"]);
      expect((await t.app.inject({ url: "/api/health" })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it("fails when the database is unreachable, without authentication", async () => {
    const t = await createTestApp();
    await t.kernel.database.close();
    const down = await t.app.inject({ url: "/api/health/ready" });
    expect(down.statusCode).toBe(503);
    expect(down.json().reasons).toEqual(["database-unreachable"]);
    await t.app.close();
  });
});
