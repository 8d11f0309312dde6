import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const serverDir = fileURLToPath(new URL("..", import.meta.url));

/**
 * The reference server's `database` settings under `env`. The configuration reads the environment when
 * its module loads, and test files share modules (`isolate: false`), so a fresh process loads it.
 */
async function databaseSettingsWith(env: Record<string, string>): Promise<Record<string, unknown>> {
  const { stdout } = await run(
    process.execPath,
    [
      "--conditions=source",
      "--import",
      "tsx",
      "--input-type=module",
      "-e",
      'const { default: c } = await import("./commerce.config.ts"); console.log(JSON.stringify(c.database));',
    ],
    { cwd: serverDir, env: { PATH: process.env.PATH ?? "", ...env } },
  );
  return JSON.parse(stdout) as Record<string, unknown>;
}

describe("the reference server's database settings from the environment", () => {
  it("prepares statements unless DATABASE_PREPARED_STATEMENTS is false, and takes the pool size and schema", async () => {
    expect(await databaseSettingsWith({})).not.toHaveProperty("preparedStatements");
    expect(await databaseSettingsWith({ DATABASE_PREPARED_STATEMENTS: "true" })).not.toHaveProperty(
      "preparedStatements",
    );
    expect(
      await databaseSettingsWith({
        DATABASE_PREPARED_STATEMENTS: "false",
        DATABASE_POOL_SIZE: "4",
        DATABASE_SCHEMA: "shop",
      }),
    ).toMatchObject({
      preparedStatements: false,
      poolSize: 4,
      schema: "shop",
    });
  });
});
