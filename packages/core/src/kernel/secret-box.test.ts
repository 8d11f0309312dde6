import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createKernel } from "../create-kernel.js";
import type { CommerceConfig } from "./config.js";
import type { Kernel } from "./create-kernel.js";

const url = process.env.TEST_DATABASE_URL;
const schema = `sbox_${randomBytes(5).toString("hex")}`;

async function query(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A development kernel on the schema with no UC_SECRET_KEY: what `pnpm start` with only DATABASE_URL boots. */
const boot = (): Promise<Kernel> =>
  createKernel({ logLevel: "silent", environment: "development", database: { url, schema } } satisfies CommerceConfig);

// Issue 31: with DATABASE_URL and no UC_SECRET_KEY, each process drew a random key, so what one sealed
// (webhook secrets, channel credentials) no other process, and no restart, could open.
describe.skipIf(!url)("the development secret key on PostgreSQL", () => {
  afterAll(() => query(`drop schema if exists ${schema} cascade`));

  it("survives a restart: what one kernel sealed, the next kernel on the schema opens", async () => {
    const first = await boot();
    const sealed = first.secrets.seal("whsec_kept");
    const digest = first.secrets.mac("payload");
    await first.close();
    const second = await boot();
    try {
      expect(second.secrets.open(sealed)).toBe("whsec_kept");
      expect(second.secrets.mac("payload")).toBe(digest);
    } finally {
      await second.close();
    }
  });

  it("is the same for kernels booting at the same time on a schema without one", async () => {
    await query(`delete from ${schema}.kernel_keys`);
    const [one, other] = await Promise.all([boot(), boot()]);
    try {
      expect(other.secrets.open(one.secrets.seal("sealed by one"))).toBe("sealed by one");
      expect(one.secrets.open(other.secrets.seal("sealed by the other"))).toBe("sealed by the other");
    } finally {
      await Promise.all([one.close(), other.close()]);
    }
  });

  it("is still required in production", async () => {
    await expect(
      createKernel({ logLevel: "silent", environment: "production", database: { url, schema } }),
    ).rejects.toThrow("secretKey is required in production: set UC_SECRET_KEY");
  });
});
