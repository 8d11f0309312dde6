import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createDatabase } from "@unified-commerce/core";
import { afterAll, describe, expect, it } from "vitest";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const configPath = fileURLToPath(new URL("./test-fixtures/commerce.config.ts", import.meta.url));
const workDir = mkdtempSync(join(tmpdir(), "uc-cli-"));
const url = process.env.TEST_DATABASE_URL;
const schema = `cli_${randomBytes(5).toString("hex")}`;
const env: NodeJS.ProcessEnv = {
  ...process.env,
  INIT_CWD: workDir,
  ...(url ? { UC_TEST_DATABASE_URL: url, UC_TEST_SCHEMA: schema } : { UC_TEST_DATA_DIR: join(workDir, "data") }),
};

/** Spawns the real `uc` (TypeScript through tsx, as `pnpm uc` does). */
function uc(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--conditions=source", "--import", "tsx", "src/bin.ts", ...args, "--config", configPath], { cwd: packageDir, env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

afterAll(async () => {
  if (!url) return;
  const database = await createDatabase({ url });
  await database.db.schema.dropSchema(schema).ifExists().cascade().execute();
  await database.close();
});

describe("uc", () => {
  it("creates an organization and a staff user, mints a key (JSON), lists scopes and revokes", async () => {
    const org = await uc("org", "create", "--name", "Store B", "--id", "store-b", "--json");
    expect(org.code).toBe(0);
    expect(JSON.parse(org.stdout)).toMatchObject({ id: "store-b", name: "Store B" });

    const user = await uc("user", "create", "--email", "Staff@Example.com", "--password", "long enough password", "--role", "staff", "--org", "store-b", "--json");
    expect(user.code).toBe(0);
    expect(JSON.parse(user.stdout)).toMatchObject({ email: "staff@example.com", role: "staff", organizationId: "store-b" });

    const created = await uc("api-key", "create", "--scope", "storefront", "--org", "store-b", "--user", "staff@example.com", "--ttl", "86400", "--json");
    expect(created.code).toBe(0);
    expect(created.stdout.trim().split("\n")).toHaveLength(1);
    const key = JSON.parse(created.stdout);
    expect(key.key).toMatch(/^uc_sf_[a-z2-7]{16}_[a-z2-7]{32}$/);
    expect(Object.keys(key)).toEqual(expect.arrayContaining(["key", "id", "scope", "expiresAt"]));
    expect(key.scope).toBe("storefront");
    expect(new Date(key.expiresAt).getTime() - Date.now()).toBeGreaterThan(86_000_000);

    const list = await uc("api-key", "list", "--json");
    expect(JSON.parse(list.stdout).scopes.map((scope: { name: string }) => scope.name)).toEqual(["admin", "storefront"]);

    const orgs = await uc("org", "list");
    expect(orgs.stdout).toContain("store-b  Store B  (1 member)");

    const revoked = await uc("api-key", "revoke", key.id);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toContain(`Revoked API key ${key.id}`);
  }, 120_000);

  it("saves the key to .env under the chosen variable", async () => {
    const created = await uc("api-key", "create", "--scope", "admin", "--name", "ci", "--save-env", "--env-var", "SHOP_KEY");
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

  it.skipIf(Boolean(url))("says clearly when a running server holds the embedded database", async () => {
    const dataDir = join(workDir, "data");
    writeFileSync(join(dataDir, "uc.lock"), JSON.stringify({ pid: process.pid, holder: "a running server", startedAt: new Date().toISOString() }));
    const result = await uc("org", "list");
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/held by a running server \(pid \d+\)/);
  }, 60_000);
});
