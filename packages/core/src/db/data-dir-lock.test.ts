import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createDatabase } from "./create-database.js";
import { DATA_DIR_LOCK_FILE, holdDataDir } from "./data-dir-lock.js";

/** A live process that is not this one, for as long as the work runs. */
async function withOtherProcess(work: (pid: number) => Promise<void> | void): Promise<void> {
  const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
  try {
    await work(other.pid as number);
  } finally {
    other.kill();
    await new Promise((resolve) => other.once("exit", resolve));
  }
}

describe("the embedded database's directory lock", () => {
  it("records the holder while the database is open and removes the record on close", async () => {
    const dir = mkdtempSync(join(tmpdir(), "uc-lock-"));
    const database = await createDatabase({ dataDir: dir, lockHolder: "a running server" });
    expect(JSON.parse(readFileSync(join(dir, DATA_DIR_LOCK_FILE), "utf8"))).toMatchObject({
      pid: process.pid,
      holder: "a running server",
    });
    await database.close();
    expect(existsSync(join(dir, DATA_DIR_LOCK_FILE))).toBe(false);
  });

  it("refuses a directory another live process holds, naming it, and writes nothing", async () => {
    const dir = mkdtempSync(join(tmpdir(), "uc-lock-"));
    await withOtherProcess(async (pid) => {
      const record = JSON.stringify({ pid, holder: "a running server", startedAt: new Date().toISOString() });
      writeFileSync(join(dir, DATA_DIR_LOCK_FILE), record);
      await expect(createDatabase({ dataDir: dir })).rejects.toThrow(
        new RegExp(`held by a running server \\(pid ${pid}\\)`),
      );
      expect(readFileSync(join(dir, DATA_DIR_LOCK_FILE), "utf8")).toBe(record);
    });
  });

  it("takes over the record of a process that died", async () => {
    const dir = mkdtempSync(join(tmpdir(), "uc-lock-"));
    let deadPid = 0;
    await withOtherProcess((pid) => {
      deadPid = pid;
    });
    writeFileSync(join(dir, DATA_DIR_LOCK_FILE), JSON.stringify({ pid: deadPid, holder: "the uc command" }));
    const release = holdDataDir(dir, "a running server");
    expect(JSON.parse(readFileSync(join(dir, DATA_DIR_LOCK_FILE), "utf8"))).toMatchObject({ pid: process.pid });
    release();
    expect(existsSync(join(dir, DATA_DIR_LOCK_FILE))).toBe(false);
  });
});
