import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { holdDataDir, LOCK_FILE } from "./data-dir-lock.js";

describe("the data directory lock", () => {
  it("records the server while it runs and removes the record on release", () => {
    const dir = mkdtempSync(join(tmpdir(), "uc-lock-"));
    const lock = holdDataDir(dir);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), "utf8"))).toMatchObject({ pid: process.pid, owner: "server" });
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it("refuses a directory a live process holds, and takes over a stale record", async () => {
    const dir = mkdtempSync(join(tmpdir(), "uc-lock-"));
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: other.pid, owner: "cli" }));
      expect(() => holdDataDir(dir)).toThrow(/in use by cli \(pid \d+\)/);
    } finally {
      other.kill();
    }
    await new Promise((resolve) => other.once("exit", resolve));
    holdDataDir(dir).release();
  });
});
