import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runUc } from "./test-fixtures/run-uc.js";
import { spawnUc } from "./test-fixtures/spawn-uc.js";
import { expectOneLineError, ucWorkspace } from "./test-fixtures/uc-workspace.js";

const { workDir, env, cleanUp } = ucWorkspace("cli");
const url = process.env.TEST_DATABASE_URL;
/** `uc` in the test process (`runUc`); the binary itself is spawned once, in "the uc binary …" below. */
const uc = (...args: string[]) => runUc(env, args);

afterAll(cleanUp);

describe("uc", () => {
  it("creates an organization and a staff user, mints a key (JSON), lists scopes and revokes", async () => {
    const org = await uc("org", "create", "--name", "Store B", "--id", "store-b", "--json");
    expect(org.code).toBe(0);
    expect(JSON.parse(org.stdout)).toMatchObject({ id: "store-b", name: "Store B" });

    const user = await uc(
      "user",
      "create",
      "--email",
      "Staff@Example.com",
      "--password",
      "long enough password",
      "--role",
      "staff",
      "--org",
      "store-b",
      "--json",
    );
    expect(user.code).toBe(0);
    expect(JSON.parse(user.stdout)).toMatchObject({
      email: "staff@example.com",
      role: "staff",
      organizationId: "store-b",
    });

    const created = await uc(
      "api-key",
      "create",
      "--scope",
      "storefront",
      "--org",
      "store-b",
      "--user",
      "staff@example.com",
      "--ttl",
      "86400",
      "--json",
    );
    expect(created.code).toBe(0);
    expect(created.stdout.trim().split("\n")).toHaveLength(1);
    const key = JSON.parse(created.stdout);
    expect(key.key).toMatch(/^uc_sf_[a-z2-7]{16}_[a-z2-7]{32}$/);
    expect(Object.keys(key)).toEqual(expect.arrayContaining(["key", "id", "scope", "expiresAt"]));
    expect(key.scope).toBe("storefront");
    expect(new Date(key.expiresAt).getTime() - Date.now()).toBeGreaterThan(86_000_000);

    const list = await uc("api-key", "list", "--json");
    expect(JSON.parse(list.stdout).scopes.map((scope: { name: string }) => scope.name)).toEqual([
      "admin",
      "storefront",
    ]);

    const orgs = await uc("org", "list");
    expect(orgs.stdout).toContain("store-b  Store B  (1 member)");

    const revoked = await uc("api-key", "revoke", key.id);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toContain(`Revoked API key ${key.id}`);
  }, 120_000);

  it("removes a member from an organization (their keys there are revoked; the account stays)", async () => {
    const user = await uc(
      "user",
      "create",
      "--email",
      "leaver@example.com",
      "--password",
      "long enough password",
      "--role",
      "staff",
      "--org",
      "store-b",
      "--json",
    );
    expect(user.code).toBe(0);
    expect(
      (
        await uc(
          "api-key",
          "create",
          "--scope",
          "storefront",
          "--org",
          "store-b",
          "--user",
          "leaver@example.com",
          "--json",
        )
      ).code,
    ).toBe(0);
    expect((await uc("org", "list")).stdout).toContain("store-b  Store B  (2 members)");
    const removed = await uc("user", "remove", "--email", "leaver@example.com", "--org", "store-b", "--json");
    expect(removed.code).toBe(0);
    expect(JSON.parse(removed.stdout)).toEqual({
      id: JSON.parse(user.stdout).id,
      email: "leaver@example.com",
      organizationId: "store-b",
    });
    expect((await uc("org", "list")).stdout).toContain("store-b  Store B  (1 member)");
    // Minting for someone who is no longer a member is refused: the key would not work anyway.
    expect(
      (await uc("api-key", "create", "--scope", "storefront", "--org", "store-b", "--user", "leaver@example.com")).code,
    ).toBe(1);
    expect((await uc("user", "remove", "--email", "leaver@example.com", "--org", "store-b")).code).toBe(1);
  }, 120_000);

  it("saves the key to .env under the chosen variable", async () => {
    const created = await uc(
      "api-key",
      "create",
      "--scope",
      "admin",
      "--name",
      "ci",
      "--save-env",
      "--env-var",
      "SHOP_KEY",
    );
    expect(created.code).toBe(0);
    expect(created.stdout).toContain("Saved as SHOP_KEY");
    expect(readFileSync(join(workDir, ".env"), "utf8")).toMatch(/^SHOP_KEY=uc_admin_[a-z2-7]{16}_[a-z2-7]{32}\n$/);
  }, 60_000);

  it("prints one clear line and exits non-zero on errors", async () => {
    for (const args of [
      ["api-key", "create", "--scope", "nope"],
      ["api-key", "create", "--scope", "admin", "--ttl", "3600"],
      ["api-key", "create"],
      ["api-key", "create", "--scope", "storefront", "--ttl", String(90 * 86_400)],
      ["api-key", "create", "--scope", "admin", "--org", "missing"],
      ["user", "create", "--email", "x@example.com", "--password", "long enough password", "--role", "emperor"],
      ["api-key", "revoke", "nope"],
    ]) {
      const result = await uc(...args);
      expect(result.code, args.join(" ")).toBe(1);
      expect(result.stderr.trim().split("\n"), args.join(" ")).toHaveLength(1);
      expect(result.stderr).toMatch(/^uc: /);
    }
    const unknown = await uc("frobnicate");
    expect(unknown.code).toBe(2);
  }, 120_000);

  it("the uc binary runs a command end to end through bin.ts (importing the configuration file) and exits 2 on an unknown one", async () => {
    // The two spawns are independent (the unknown command opens no database): side by side, they cost one.
    const [orgs, unknown] = await Promise.all([spawnUc(env, ["org", "list"]), spawnUc(env, ["frobnicate"])]);
    expect(orgs.code, orgs.stderr).toBe(0);
    expect(orgs.stdout).toContain("store-b  Store B  (1 member)");
    expect(orgs.stderr).toBe("");
    expectOneLineError(unknown, 2);
    expect(unknown.stderr).toContain('unknown command "frobnicate');
  }, 60_000);

  it.skipIf(Boolean(url))(
    "says clearly when a running server holds the embedded database",
    async () => {
      const dataDir = join(workDir, "data");
      // Another live process: the parent of this one (a lock this process holds is its own to reopen).
      writeFileSync(
        join(dataDir, "uc.lock"),
        JSON.stringify({ pid: process.ppid, holder: "a running server", startedAt: new Date().toISOString() }),
      );
      const result = await uc("org", "list");
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/held by a running server \(pid \d+\)/);
    },
    60_000,
  );
});
